import type { Role } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { Select } from '@/components/ui';
import { ROLE_CHOICES, ROLE_LABELS, isRole } from '@/features/users/lib/user-list';

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
  const { _ } = useLingui();
  return (
    <div className="flex flex-wrap items-center gap-2 py-1">
      <Select
        label={_('users.roleOf', { name })}
        hideLabel
        options={ROLE_CHOICES.map((role) => ({ value: role, label: _(ROLE_LABELS[role]) }))}
        value={value}
        disabled={saving}
        onChange={(e) => {
          if (isRole(e.target.value)) onChange(e.target.value);
        }}
        className="min-w-32"
        autoFocus
      />
      <button type="button" className="btn-secondary" onClick={onCancel} disabled={saving}>
        {_('users.editor.cancel')}
      </button>
      <button type="button" className="btn-primary" onClick={onSave} disabled={saving} aria-busy={saving || undefined}>
        {saving ? _('users.editor.saving') : _('users.editor.save')}
      </button>
    </div>
  );
}
