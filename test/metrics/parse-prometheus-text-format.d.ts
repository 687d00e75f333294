// The package ships no types; what it returns is checked with zod where it is used.
declare module "parse-prometheus-text-format" {
  export default function parsePrometheusTextFormat(text: string): unknown;
}
