// Not built yet.
export async function seedCommand(_args: string[]): Promise<number> {
  console.error('seed: not built yet');
  return 1;
}
