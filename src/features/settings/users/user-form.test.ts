import { describe, expect, it } from 'vitest';
import { mergeUsers } from '../../../api/users';
import { primaryRole, USER_FORM_MESSAGES, validateUserForm } from './user-form';

const valid = { firstName: 'Ivy', lastName: 'Invitee', email: 'ivy@example.com', role: 'editor' };

describe('user form', () => {
  it('accepts a complete form', () => {
    expect(validateUserForm(valid)).toEqual({});
  });

  it('gives the spec texts for each missing or bad field', () => {
    expect(validateUserForm({ firstName: ' ', lastName: '', email: '', role: '' })).toEqual({
      firstName: 'Please provide valid first name',
      lastName: 'Please provide valid last name',
      email: 'Please provide valid email',
      role: 'Please select any role',
    });
    for (const email of ['ivy', 'ivy@', 'ivy@example', 'i vy@example.com']) {
      expect(validateUserForm({ ...valid, email }).email).toBe(USER_FORM_MESSAGES.emailFormat);
    }
    expect(validateUserForm({ ...valid, role: 'root' }).role).toBe('Please select any role');
  });

  it('shows the highest role and merges identities with their roles', () => {
    expect(primaryRole(['viewer', 'admin'])).toBe('admin');
    expect(primaryRole(['responder', 'commander'])).toBe('commander');
    expect(primaryRole([])).toBe('viewer');
    expect(
      mergeUsers(
        [
          {
            id: 'a',
            traits: { name: { first: 'Ada', last: 'Admin' }, email: 'ada@x.io' },
            state: 'inactive',
            created_at: '2026-01-01T00:00:00Z',
          },
          { id: 'b', traits: null, state: null, created_at: null },
        ],
        [{ id: 'a', roles: ['admin'] }],
      ),
    ).toEqual([
      {
        id: 'a',
        firstName: 'Ada',
        lastName: 'Admin',
        name: 'Ada Admin',
        email: 'ada@x.io',
        roles: ['admin'],
        active: false,
        state: 'inactive',
        created_at: '2026-01-01T00:00:00Z',
      },
      {
        id: 'b',
        firstName: '',
        lastName: '',
        name: '',
        email: '',
        roles: [],
        active: true,
        state: 'active',
        created_at: null,
      },
    ]);
  });
});
