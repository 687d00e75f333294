// Why something could not be done, as moderators and operators read it: the store's failures, the chat API's echo that differs from the request, Slack's store-down answer.
export const failures = {} as const;
