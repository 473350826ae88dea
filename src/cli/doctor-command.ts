/**
 * `brain doctor [--fix]` (issue #7): the checks, each problem in plain words with the command
 * that fixes it; `--fix` performs the safe repairs and says what it did. Exit 0 when nothing
 * is left to fix, 1 otherwise. Thin over src/service/doctor.ts.
 */
import type { Command } from 'commander';
import type { DoctorReport } from '../service/doctor.js';
import { runWithBrain } from './context.js';

function renderDoctor(report: DoctorReport): string {
  const lines = report.findings.map((f) => {
    const mark = f.ok ? 'ok ' : f.fixed ? 'fixed' : 'FIX';
    const detail = [f.fixed ? `  done: ${f.fixed}` : '', !f.ok && !f.fixed && f.fix ? `  fix:  ${f.fix}` : ''].filter(Boolean);
    return [`${mark.padEnd(5)} ${f.check.padEnd(20)} ${f.message}`, ...detail.map((d) => `      ${d}`)].join('\n');
  });
  lines.push(report.ok ? 'nothing left to fix' : 'problems remain: see the fix lines above');
  return lines.join('\n');
}

/** Registers `doctor` on `program`. */
export function registerDoctorCommand(program: Command): void {
  program
    .command('doctor')
    .description('check locks, temp files, identity, cache and branch problems; explain each fix (--fix: do the safe ones)')
    .option('--fix', 'remove stale locks and temp files of killed writers, rebuild an unusable cache')
    .action(async (options: { fix?: boolean }, command: Command) => {
      const { runDoctor } = await import('../service/doctor.js');
      const report = await runWithBrain(command, (brain) => runDoctor(brain, { fix: options.fix === true }), renderDoctor);
      if (!report.ok) process.exitCode = 1;
    });
}
