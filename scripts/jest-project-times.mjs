// A jest reporter: each project's wall time (its first file's start to its last file's end) and the
// sum of its files' times, written to .tmp/jest-project-times.json (or JEST_PROJECT_TIMES_FILE, one per
// jest process that scripts/test.mjs runs side by side) for scripts/test.mjs to print.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export default class ProjectTimesReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
    this.projects = new Map();
  }

  onTestResult(test, result) {
    const project = test.context.config.displayName?.name ?? 'default';
    const { start, end } = result.perfStats;
    const times = this.projects.get(project) ?? { first: start, last: end, files: 0, fileSeconds: 0 };
    times.first = Math.min(times.first, start);
    times.last = Math.max(times.last, end);
    times.files += 1;
    times.fileSeconds += (end - start) / 1000;
    this.projects.set(project, times);
  }

  onRunComplete() {
    const rows = [...this.projects]
      .map(([project, times]) => ({ project, seconds: (times.last - times.first) / 1000, files: times.files, fileSeconds: times.fileSeconds }))
      .sort((a, b) => b.seconds - a.seconds);
    const file = process.env.JEST_PROJECT_TIMES_FILE ?? path.join(this.rootDir, '.tmp', 'jest-project-times.json');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(rows, null, 2));
  }
}
