import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CheckboxField, FormField, SelectField, TextAreaField, TextInputField } from './form-field';

describe('form fields', () => {
  it('ties the label, hint and error to a text input', async () => {
    const onChange = vi.fn();
    render(
      <TextInputField
        label="Name"
        required
        value=""
        hint="Shown in the list"
        error="This field is required"
        onChange={onChange}
      />,
    );
    const input = screen.getByRole('textbox', { name: /Name/ });
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Shown in the list This field is required');
    expect(screen.getByRole('alert')).toHaveTextContent('This field is required');
    await userEvent.type(input, 'a');
    expect(onChange).toHaveBeenCalledWith('a');
  });

  it('draws every variant with the same wrapper', () => {
    render(
      <>
        <TextAreaField label="Query" value="SELECT 1" controlClassName="font-mono" />
        <SelectField
          label="Method"
          value="POST"
          options={['GET', { value: 'POST', label: 'Post' }]}
          placeholder="Choose"
        />
        <CheckboxField label="Insecure TLS" checked />
      </>,
    );
    const query = screen.getByRole('textbox', { name: 'Query' });
    expect(query).toHaveClass('font-mono');
    expect(query).not.toHaveAttribute('aria-invalid');
    const method = screen.getByRole('combobox', { name: 'Method' });
    expect(method).toHaveValue('POST');
    expect(
      Array.from(method.querySelectorAll('option')).map((option) => option.textContent),
    ).toEqual(['Choose', 'GET', 'Post']);
    expect(screen.getByRole('checkbox', { name: 'Insecure TLS' })).toBeChecked();
  });

  it('names a group of controls with a legend and describes the group', () => {
    render(
      <FormField as="fieldset" label="Password" required error="This field is required">
        {(control) => <input aria-label="Password value" aria-invalid={control['aria-invalid']} />}
      </FormField>,
    );
    const group = screen.getByRole('group', { name: /Password/ });
    expect(group).toHaveAccessibleDescription('This field is required');
    expect(screen.getByRole('textbox', { name: 'Password value' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });
});
