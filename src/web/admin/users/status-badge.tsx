/** An account's status as a small label; colours chosen for AA contrast on white and striped rows. */
export function StatusBadge({ disabled }: { disabled: boolean }) {
  return (
    <span className="staff-status" data-state={disabled ? 'disabled' : 'active'}>
      {disabled ? 'Disabled' : 'Active'}
    </span>
  );
}
