/**
 * The name of the file a running daemon writes in `.git/brain/` (daemon-file.ts). Its own module
 * so that the CLI can look for it before loading the daemon client (node:http, the token):
 * with no file there is no daemon to ask (docs/decisions/0085-one-shot-reads.md).
 */

/** The file name inside `.git/brain/`. */
export const DAEMON_FILE = 'daemon.json';
