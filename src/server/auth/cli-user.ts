// Not built yet.
export async function userCommand(_args: string[]): Promise<number> {
  console.error('user: not built yet');
  return 1;
}
