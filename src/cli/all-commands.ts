/**
 * Every command of the CLI, registered in the order `brain --help` lists them. Its own module,
 * imported by main.ts only when a call names no read command: a one-shot read registers the
 * read commands alone and loads none of the others' modules (docs/decisions/0085-one-shot-reads.md).
 */
import type { Command } from 'commander';
import { registerReadCommands } from './read-commands.js';
import { registerWriteCommands } from './write-commands.js';
import { registerCandidateCommands } from './candidate-commands.js';
import { registerCaptureCommand } from './capture-command.js';
import { registerAdminCommands } from './admin-commands.js';
import { registerSyncCommand } from './sync-command.js';
import { registerMcpCommand } from './mcp-command.js';
import { registerDaemonCommand } from './daemon-command.js';
import { registerReviewCommand } from './review-command.js';
import { registerProjectsCommand } from './projects-command.js';
import { registerDoctorCommand } from './doctor-command.js';
import { registerUiCommand } from './ui-command.js';
import { registerHubCommand } from './hub-command.js';
import { registerSetupCommand } from './setup-command.js';

/** Registers every command on `program`. */
export function registerAllCommands(program: Command): void {
  registerWriteCommands(program);
  registerCandidateCommands(program);
  registerCaptureCommand(program);
  registerReadCommands(program);
  registerAdminCommands(program);
  registerSyncCommand(program);
  registerMcpCommand(program);
  registerDaemonCommand(program);
  registerReviewCommand(program);
  registerDoctorCommand(program);
  registerProjectsCommand(program);
  registerUiCommand(program);
  registerHubCommand(program);
  registerSetupCommand(program);
}
