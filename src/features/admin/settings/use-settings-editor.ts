/**
 * The shop settings form's state and Save (decision 0190): the values being edited, the problems
 * (shown once Save was tried, then kept current as the fields change) or the server's refusal,
 * and Save, which creates the settings record the first time and updates it after.
 */
import { useState, type FormEvent } from 'react';
import { SessionEndedError } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import { userFacingMessage } from '../common/graphql-errors';
import { useSaveShopSettings } from './api';
import { inputOf, newSpecialKey, problemsOf, type DayForm, type FormProblems, type SettingsForm, type SpecialForm } from './settings-form';

export const SETTINGS_MESSAGES = { saved: 'Shop settings saved', failed: 'Error saving shop settings' } as const;

/** Changes to the form: a field, a weekday's hours, and the special dates (change, add, remove). */
function useSettingsForm(initial: SettingsForm, onChange: () => void) {
  const [form, setForm] = useState(initial);
  const set = <K extends keyof SettingsForm>(key: K, value: SettingsForm[K]) => {
    onChange();
    setForm((current) => ({ ...current, [key]: value }));
  };
  const setDay = (weekday: number, day: DayForm) =>
    set(
      'week',
      form.week.map((current, i) => (i === weekday ? day : current)),
    );
  const setSpecial = (key: number, change: Partial<SpecialForm>) =>
    set(
      'specials',
      form.specials.map((special) => (special.key === key ? { ...special, ...change } : special)),
    );
  const addSpecial = () =>
    set('specials', [...form.specials, { key: newSpecialKey(), date: '', label: '', closed: true, open: '10:00', close: '18:00' }]);
  const removeSpecial = (key: number) =>
    set(
      'specials',
      form.specials.filter((s) => s.key !== key),
    );
  return { form, set, setDay, setSpecial, addSpecial, removeSpecial };
}

export function useSettingsEditor(initial: SettingsForm, exists: boolean) {
  const [serverError, setServerError] = useState('');
  const edit = useSettingsForm(initial, () => setServerError(''));
  const { form } = edit;
  const saveSettings = useSaveShopSettings();
  /** Whether the settings record exists yet (the first Save creates it). */
  const [stored, setStored] = useState(exists);
  /** Shown once Save was tried, then kept current as the fields change. */
  const [showProblems, setShowProblems] = useState(false);
  const problems: FormProblems = showProblems ? problemsOf(form) : { days: {}, specials: {} };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setShowProblems(true);
    if (problemsOf(form).first) return;
    try {
      await saveSettings.mutateAsync({ input: inputOf(form), exists: stored });
      setStored(true);
      notify.success(SETTINGS_MESSAGES.saved);
    } catch (error) {
      if (!(error instanceof SessionEndedError)) {
        const message = userFacingMessage(error, SETTINGS_MESSAGES.failed);
        setServerError(message);
        notify.error(message);
      }
    }
  };

  return { ...edit, problems, formError: problems.first ?? serverError, saving: saveSettings.isPending, onSubmit };
}
