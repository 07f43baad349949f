/**
 * A configuration the server will not start with, and every problem found in it. Each part (the
 * variables, the payment gateway's settings, the SMS carrier's) is judged whole and the parts
 * together, so whoever starts the server reads all that is wrong at once, not one problem a try.
 */
export class ConfigRefused extends Error {
  constructor(readonly problems: readonly string[]) {
    super(
      problems.length === 1
        ? (problems[0] ?? '')
        : `配置有 ${problems.length} 处问题：\n${problems.map((problem, i) => `${i + 1}. ${problem}`).join('\n')}`,
    );
    this.name = 'ConfigRefused';
  }
}

/** Throws ConfigRefused when `problems` holds any. */
export const refuseIfAny = (problems: readonly string[]): void => {
  if (problems.length > 0) throw new ConfigRefused(problems);
};
