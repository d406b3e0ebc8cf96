import { describe, expect, it } from 'vitest';
import { clearDraft, draftKey, emptyValues, loadDraft, prefillFromProfile, saveDraft, valuesFromSavedApplication } from './form-values';
import type { ApplicantProfile } from './api';
import { savedApplicationFixture } from './test-fixtures';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

describe('drafts', () => {
  it('keeps answers but never passwords or codes', () => {
    const storage = memoryStorage();
    const values = { ...emptyValues(), email: 'a@example.org', password: 'secret1A', code: '123456', new_password: 'Pass1word', new_password_confirm: 'Pass1word', why: 'To help' };
    saveDraft('quick-help', { values, idempotencyKey: 'key-1' }, storage);
    const raw = storage.getItem(draftKey('quick-help'))!;
    expect(raw).not.toContain('secret1A');
    expect(raw).not.toContain('123456');
    expect(raw).not.toContain('Pass1word');
    const loaded = loadDraft('quick-help', storage);
    expect(loaded.idempotencyKey).toBe('key-1');
    expect(loaded.values.email).toBe('a@example.org');
    expect(loaded.values.why).toBe('To help');
    expect(loaded.values.password).toBe('');
    expect(loaded.values.new_password).toBe('');
    clearDraft('quick-help', storage);
    expect(loadDraft('quick-help', storage).values).toEqual(emptyValues());
  });

  it('ignores stored values of the wrong kind and secrets put in by hand', () => {
    const storage = memoryStorage();
    storage.setItem(draftKey('x'), JSON.stringify({ values: { email: 42, questions: 'nope', why: 'ok', password: 'planted' } }));
    const { values } = loadDraft('x', storage);
    expect(values.email).toBe('');
    expect(values.questions).toEqual({});
    expect(values.why).toBe('ok');
    expect(values.password).toBe('');
  });

  it('starts empty from unreadable storage', () => {
    const storage = memoryStorage();
    storage.setItem(draftKey('x'), '{not json');
    expect(loadDraft('x', storage).values).toEqual(emptyValues());
  });
});

describe('prefill', () => {
  const profile = {
    id: 3,
    display_name: 'Alex Morgan',
    title: null,
    preferred_name: null,
    first_name: 'Alex',
    last_name: 'Morgan',
    dob: '1990-05-14',
    status: { id: 1, name: 'Active' },
    '2fa_enabled': false,
    '2fa_method': null,
    '2fa_enforced': false,
    '2fa_trusted': false,
    '2fa_secret': false,
    emailAddresses: [
      { id: 1, email: 'old@example.org', primary: false },
      { id: 2, email: 'applicant@example.org', primary: true },
    ],
    phoneNumbers: [{ id: 1, phone_number: '+447700900001', country_code: 'GB', primary: true, default_sms: true }],
    attributes: [
      { id: 30, slug: 'occupation', name: 'Occupation', type: 'text', permission: 'write', position: 0, category: null, value: 'Nurse' },
    ],
  } satisfies ApplicantProfile;

  it('fills the details from the profile and keeps answers already given', () => {
    const values = { ...emptyValues(), why: 'Because', attributes: { occupation: 'Typed already' } };
    const filled = prefillFromProfile(values, profile);
    expect(filled).toMatchObject({
      email: 'applicant@example.org',
      email_confirm: 'applicant@example.org',
      first_name: 'Alex',
      last_name: 'Morgan',
      dob: '1990-05-14',
      contact_number: '+447700900001',
      contact_number_country_code: 'GB',
      why: 'Because',
    });
    expect(filled.attributes.occupation).toBe('Typed already');
    expect(prefillFromProfile(emptyValues(), profile).attributes.occupation).toBe('Nurse');
  });

  it('reads a saved application into the form', () => {
    const saved = savedApplicationFixture({
      application_id: 9,
      motivation: 4,
      special_requirements_bool: 'no',
      questions: { 'availability-notes': 'Mornings' },
      additional_consent: [true],
    });
    expect(valuesFromSavedApplication(saved)).toMatchObject({
      email: 'kim@example.org',
      first_name: 'Kim',
      motivation: '4',
      special_requirements_bool: 'no',
      questions: { 'availability-notes': 'Mornings' },
    });
  });
});
