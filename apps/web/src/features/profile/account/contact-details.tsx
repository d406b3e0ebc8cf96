import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ContactChangeForm } from './contact-change-form';
import { contactDetailsQuery } from '../queries';

/** The primary entry of a list (or the first when none is marked primary). */
function primaryOf<T extends { primary: boolean }>(entries: readonly T[] | undefined): T | null {
  return entries?.find((entry) => entry.primary) ?? entries?.[0] ?? null;
}

/**
 * The email and phone change forms of the account section, with the address and number on file
 * now (read again once one has changed).
 */
export function ContactDetails({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const query = contactDetailsQuery(userId);
  const details = useQuery(query);

  if (details.isPending) {
    return <p aria-busy="true">Loading your email address and phone number…</p>;
  }
  if (details.isError) {
    return <p role="alert">We could not load your email address and phone number. Please reload the page.</p>;
  }
  const user = details.data.data;
  const email = primaryOf(user.emailAddresses);
  const phone = primaryOf(user.phoneNumbers);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: query.queryKey });
  return (
    <>
      <ContactChangeForm
        userId={userId}
        kind="email"
        current={email ? { value: email.email, region: null } : null}
        onChanged={refresh}
      />
      <ContactChangeForm
        userId={userId}
        kind="phone"
        current={phone ? { value: phone.phone_number, region: phone.country_code } : null}
        onChanged={refresh}
      />
    </>
  );
}
