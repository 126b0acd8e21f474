/** `connector request`: not built yet; the request engine issue provides it. */
export async function runRequestCommand(_argv: string[]): Promise<number> {
  process.stderr.write('connector request: not available yet in this build.\n');
  return 2;
}
