import type { Role } from '@cafe/shared';
import { Select } from '@/components/ui';
import { ROLE_OPTIONS, isRole } from '@/features/users/lib/user-list';

interface RoleEditorProps {
  name: string;
  value: Role;
  saving: boolean;
  onChange: (role: Role) => void;
  onCancel: () => void;
  onSave: () => void;
}

/** The role dropdown with Cancel and Save that the pencil opens. */
export function RoleEditor({ name, value, saving, onChange, onCancel, onSave }: RoleEditorProps) {
  return (
    <div className="flex flex-wrap items-center gap-2 py-1">
      <Select
        label={`Role of ${name}`}
        hideLabel
        options={ROLE_OPTIONS}
        value={value}
        disabled={saving}
        onChange={(e) => {
          if (isRole(e.target.value)) onChange(e.target.value);
        }}
        className="min-w-32"
        autoFocus
      />
      <button type="button" className="btn-secondary" onClick={onCancel} disabled={saving}>
        Cancel
      </button>
      <button type="button" className="btn-primary" onClick={onSave} disabled={saving} aria-busy={saving || undefined}>
        {saving ? 'Saving...' : 'Save'}
      </button>
    </div>
  );
}
