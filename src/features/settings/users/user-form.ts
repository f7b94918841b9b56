/**
 * The user form's rules (spec doc 3 §5): first name, last name, e-mail (required and matching a
 * basic address pattern) and a role from the role list, each with the spec's text.
 */
import { ROLES } from '../../../rbac/roles';

export const USER_FORM_MESSAGES = {
  firstName: 'Please provide valid first name',
  lastName: 'Please provide valid last name',
  email: 'Please provide valid email',
  emailFormat: 'Entered value does not match email format',
  role: 'Please select any role',
} as const;

/** A basic address pattern: something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface UserFormValues {
  firstName: string;
  lastName: string;
  email: string;
  role: string;
}

export type UserFormErrors = Partial<Record<keyof UserFormValues, string>>;

export function validateUserForm(values: UserFormValues): UserFormErrors {
  const errors: UserFormErrors = {};
  if (values.firstName.trim() === '') errors.firstName = USER_FORM_MESSAGES.firstName;
  if (values.lastName.trim() === '') errors.lastName = USER_FORM_MESSAGES.lastName;
  const email = values.email.trim();
  if (email === '') errors.email = USER_FORM_MESSAGES.email;
  else if (!EMAIL_PATTERN.test(email)) errors.email = USER_FORM_MESSAGES.emailFormat;
  if (!(ROLES as readonly string[]).includes(values.role)) errors.role = USER_FORM_MESSAGES.role;
  return errors;
}

/** The roles selectable in the form, from the role list, with their labels. */
export const ROLE_OPTIONS = ROLES.map((role) => ({
  value: role,
  label: role.charAt(0).toUpperCase() + role.slice(1),
}));

/** The role a user with several is shown and edited with: the highest (admin > … > viewer). */
export function primaryRole(roles: readonly string[]): string {
  return ROLES.find((role) => roles.includes(role)) ?? (roles.length === 0 ? 'viewer' : '');
}
