/** The documented default port of `brain daemon` (127.0.0.1:7420); `--port 0` picks any free one. */
export const DEFAULT_PORT = 7420;
