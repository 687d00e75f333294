// Where Slack sends its requests in HTTP mode: the endpoint mounts it, the manifest names it.
export const SLACK_EVENTS_PATH = "/slack/events";
