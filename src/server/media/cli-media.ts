// Not built yet.
export async function mediaCommand(_args: string[]): Promise<number> {
  console.error('media: not built yet');
  return 1;
}
