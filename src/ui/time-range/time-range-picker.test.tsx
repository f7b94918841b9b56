import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TimeRangePicker } from './time-range-picker';
import {
  DEFAULT_TIME_RANGE,
  absoluteRange,
  quickRange,
  relativeRange,
  type TimeRangeValue,
} from './time-range-value';
import { RECENT_RANGES_STORAGE_KEY, useRecentRangesStore } from './use-recent-ranges-store';

const ZONE = 'Europe/Berlin';
// Wednesday 14 February 2024, 11:00 in Berlin.
const NOW = Date.parse('2024-02-14T10:00:00Z');

function Harness({
  initial = DEFAULT_TIME_RANGE,
  onChange,
}: {
  initial?: TimeRangeValue;
  onChange?: (value: TimeRangeValue) => void;
}) {
  const [value, setValue] = useState<TimeRangeValue>(initial);
  return (
    <TimeRangePicker
      value={value}
      timeZone={ZONE}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

function setup(initial?: TimeRangeValue) {
  const onChange = vi.fn<(value: TimeRangeValue) => void>();
  // No pause between keystrokes: the machine is shared and typing is most of these tests.
  const user = userEvent.setup({ delay: null });
  render(<Harness initial={initial} onChange={onChange} />);
  return { user, onChange, trigger: screen.getByRole('button', { name: /time range/i }) };
}

/** Opens the panel and waits for its choices (the panel's code loads on the first opening). */
async function open(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /time range/i }));
  const dialog = screen.getByRole('dialog', { name: 'Select time range' });
  await within(dialog).findByRole('listbox', { name: 'Relative ranges in the past' });
  return dialog;
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  localStorage.clear();
  useRecentRangesStore.getState().clear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('TimeRangePicker', () => {
  it('shows the current range on a labelled button', () => {
    const { trigger } = setup();
    expect(trigger).toHaveAccessibleName('Time range: Last 15 minutes');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens on the current choice and picks with the keyboard', async () => {
    const { user, onChange, trigger } = setup();
    trigger.focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Select time range' });
    const past = await within(dialog).findByRole('listbox', {
      name: 'Relative ranges in the past',
    });
    const current = within(past).getByRole('option', { name: 'Last 15 minutes' });
    expect(current).toHaveAttribute('aria-selected', 'true');
    expect(current).toHaveFocus();

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(within(past).getByRole('option', { name: 'Last 1 hour' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(within(past).getByRole('option', { name: 'Last 5 years' })).toHaveFocus();
    await user.keyboard('{Home}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(within(past).getByRole('option', { name: 'Last 1 hour' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(onChange).toHaveBeenCalledWith(relativeRange(1, 'h'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAccessibleName('Time range: Last 1 hour');
  });

  it('gives each list one tab stop and closes when focus leaves the panel', async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <>
        <Harness />
        <button type="button">Next control</button>
      </>,
    );
    const trigger = screen.getByRole('button', { name: /time range/i });
    const dialog = await open(user);
    expect(within(dialog).getByRole('option', { name: 'Last 15 minutes' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('option', { name: 'Today' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByLabelText('From')).toHaveFocus();
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('option', { name: 'Last 15 minutes' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Future' })).toHaveFocus();
    // Submit is disabled and there are no recent ranges: Clear is the last stop.
    within(dialog).getByRole('button', { name: 'Clear' }).focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next control' })).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('lists the spec relative ranges, second one by default', async () => {
    const { user } = setup();
    const dialog = await open(user);
    const options = within(
      within(dialog).getByRole('listbox', { name: 'Relative ranges in the past' }),
    ).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Last 5 minutes',
      'Last 15 minutes',
      'Last 30 minutes',
      'Last 1 hour',
      'Last 3 hours',
      'Last 6 hours',
      'Last 12 hours',
      'Last 24 hours',
      'Last 2 days',
      'Last 7 days',
      'Last 30 days',
      'Last 90 days',
      'Last 6 months',
      'Last 1 year',
      'Last 2 years',
      'Last 5 years',
    ]);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
  });

  it('closes on Escape and returns focus to the button', async () => {
    const { user, onChange, trigger } = setup();
    await open(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('offers future ranges', async () => {
    const { user, onChange } = setup();
    const dialog = await open(user);
    await user.click(within(dialog).getByRole('button', { name: 'Future' }));
    expect(within(dialog).getByRole('button', { name: 'Future' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(dialog).getByRole('option', { name: 'Next 3 hours' }));
    expect(onChange).toHaveBeenCalledWith(relativeRange(3, 'h', 'future'));
  });

  it('picks quick ranges', async () => {
    const { user, onChange, trigger } = setup();
    const dialog = await open(user);
    const quick = within(dialog).getByRole('listbox', { name: 'Quick ranges' });
    for (const name of ['Yesterday', 'Today so far', 'This week so far', 'Last week']) {
      expect(within(quick).getByRole('option', { name })).toBeInTheDocument();
    }
    await user.click(within(quick).getByRole('option', { name: 'This week so far' }));
    expect(onChange).toHaveBeenCalledWith(quickRange('this-week-so-far'));
    expect(trigger).toHaveAccessibleName('Time range: This week so far');
  });

  describe('absolute panel', () => {
    it('keeps Submit disabled until From and To are both set', async () => {
      const { user } = setup();
      const dialog = await open(user);
      const submit = within(dialog).getByRole('button', { name: 'Submit' });
      expect(submit).toBeDisabled();
      await user.type(within(dialog).getByLabelText('From'), '2024-02-01 08:00');
      expect(submit).toBeDisabled();
      await user.type(within(dialog).getByLabelText('To'), '2024-02-01 18:00');
      expect(submit).toBeEnabled();
      await user.clear(within(dialog).getByLabelText('From'));
      expect(submit).toBeDisabled();
    });

    it('shows an inline error when From is not before To', async () => {
      const { user } = setup();
      const dialog = await open(user);
      const from = within(dialog).getByLabelText('From');
      const to = within(dialog).getByLabelText('To');
      await user.type(from, '2024-02-02 08:00');
      await user.type(to, '2024-02-01 08:00');
      expect(to).toHaveAccessibleDescription(expect.stringContaining('From must be before To'));
      expect(to).toHaveAttribute('aria-invalid', 'true');
      expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeDisabled();
    });

    it('explains a badly typed date once the field is left', async () => {
      const { user } = setup();
      const dialog = await open(user);
      const from = within(dialog).getByLabelText('From');
      await user.type(from, '31/01/2024');
      expect(from).not.toHaveAttribute('aria-invalid');
      await user.tab();
      expect(from).toHaveAttribute('aria-invalid', 'true');
      expect(from).toHaveAccessibleDescription(
        expect.stringContaining('Enter a date as YYYY-MM-DD HH:mm'),
      );
    });

    it('submits UTC instants read in the picker zone and remembers the range', async () => {
      const { user, onChange, trigger } = setup();
      const dialog = await open(user);
      expect(within(dialog).getByText(/Times in Europe\/Berlin/)).toBeInTheDocument();
      await user.type(within(dialog).getByLabelText('From'), '2024-02-01 08:00');
      await user.type(within(dialog).getByLabelText('To'), '2024-02-01 18:30');
      await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
      const expected = absoluteRange('2024-02-01T07:00:00Z', '2024-02-01T17:30:00Z');
      expect(onChange).toHaveBeenCalledWith(expected);
      expect(trigger).toHaveAccessibleName('Time range: 2024-02-01 08:00 to 2024-02-01 18:30');
      expect(localStorage.getItem(RECENT_RANGES_STORAGE_KEY)).toContain(
        '"from":"2024-02-01T07:00:00.000Z"',
      );
    });

    it('Clear empties both fields', async () => {
      const { user } = setup(absoluteRange('2024-02-01T07:00:00Z', '2024-02-01T17:30:00Z'));
      const dialog = await open(user);
      const from = within(dialog).getByLabelText('From');
      expect(from).toHaveValue('2024-02-01 08:00');
      expect(from).toHaveFocus();
      await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
      expect(from).toHaveValue('');
      expect(within(dialog).getByLabelText('To')).toHaveValue('');
      expect(from).toHaveFocus();
      expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeDisabled();
    });

    it('picks days in the calendar with the keyboard', async () => {
      const { user, onChange } = setup();
      const dialog = await open(user);
      const grid = within(dialog).getByRole('grid', { name: /February 2024/ });
      const today = within(grid).getByRole('button', { name: 'Wednesday, February 14, 2024' });
      expect(today).toHaveAttribute('aria-current', 'date');
      expect(today).toHaveAttribute('tabindex', '0');

      today.focus();
      await user.keyboard('{ArrowLeft}{ArrowUp}');
      const start = within(grid).getByRole('button', { name: 'Tuesday, February 6, 2024' });
      expect(start).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(within(dialog).getByLabelText('From')).toHaveValue('2024-02-06 00:00');
      expect(within(dialog).getByLabelText('To')).toHaveValue('2024-02-06 23:59:59');

      // A second day extends the range; moving past the month's end shows March.
      await user.keyboard('{PageDown}');
      expect(within(dialog).getByRole('grid', { name: /March 2024/ })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Wednesday, March 6, 2024' })).toHaveFocus();
      await user.keyboard('{End}');
      expect(screen.getByRole('button', { name: 'Sunday, March 10, 2024' })).toHaveFocus();
      await user.keyboard('{Home}{ArrowRight}{ArrowRight}[Space]');
      expect(within(dialog).getByLabelText('From')).toHaveValue('2024-02-06 00:00');
      expect(within(dialog).getByLabelText('To')).toHaveValue('2024-03-06 23:59:59');

      await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
      expect(onChange).toHaveBeenCalledWith(
        absoluteRange('2024-02-05T23:00:00Z', '2024-03-06T22:59:59Z'),
      );
    });
  });

  describe('recently used ranges', () => {
    it('lists them in the picker zone with the zone named, and applies one', async () => {
      useRecentRangesStore.getState().add({
        from: '2024-07-01T06:00:00.000Z',
        to: '2024-07-01T08:00:00.000Z',
      });
      useRecentRangesStore.getState().add({
        from: '2024-01-10T06:00:00.000Z',
        to: '2024-01-10T08:00:00.000Z',
      });
      const { user, onChange } = setup();
      const dialog = await open(user);
      const list = within(dialog).getByRole('listbox', { name: 'Recently used absolute ranges' });
      const options = within(list).getAllByRole('option');
      expect(options).toHaveLength(2);
      expect(options[0]).toHaveTextContent('2024-01-10 07:00 to 2024-01-10 09:00');
      expect(options[0]).toHaveTextContent('Europe/Berlin (GMT+1)');
      expect(options[1]).toHaveTextContent('2024-07-01 08:00 to 2024-07-01 10:00');
      expect(options[1]).toHaveTextContent('Europe/Berlin (GMT+2)');

      await user.click(options[1]!);
      expect(onChange).toHaveBeenCalledWith(
        absoluteRange('2024-07-01T06:00:00Z', '2024-07-01T08:00:00Z'),
      );
      // Using it again moves it to the front.
      expect(useRecentRangesStore.getState().ranges[0]?.from).toBe('2024-07-01T06:00:00.000Z');
      expect(useRecentRangesStore.getState().ranges).toHaveLength(2);
    });

    it('does not repeat a range submitted twice and keeps 5', async () => {
      for (const day of [1, 2, 3, 4, 5]) {
        useRecentRangesStore.getState().add({
          from: `2024-02-0${day}T07:00:00.000Z`,
          to: `2024-02-0${day}T08:00:00.000Z`,
        });
      }
      const { user } = setup();
      for (const day of [6, 6]) {
        const dialog = await open(user);
        // From the second round on, the fields hold the current (absolute) range.
        await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
        // Pasting keeps this many rounds fast.
        await user.click(within(dialog).getByLabelText('From'));
        await user.paste(`2024-02-0${day} 08:00`);
        await user.click(within(dialog).getByLabelText('To'));
        await user.paste(`2024-02-0${day} 09:00`);
        await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
      }
      const dialog = await open(user);
      const list = within(dialog).getByRole('listbox', { name: 'Recently used absolute ranges' });
      expect(
        within(list)
          .getAllByRole('option')
          .map((option) => option.textContent?.slice(0, 10)),
      ).toEqual(['2024-02-06', '2024-02-05', '2024-02-04', '2024-02-03', '2024-02-02']);
    }, 15_000);
  });
});
