import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { fetchUserApplication } from './portal-api';
import { formatInstantDay } from './portal-dates';
import { APPLICATION_STATUS_LABELS } from './application-status';
import { PortalRecordRoute, PortalRecordState, type PortalRecordWording } from './portal-record-states';

const WORDING: PortalRecordWording = {
  title: 'Your application',
  noun: 'application',
  missingTitle: 'Application not found',
};

function ApplicationDetails({ userId, applicationId }: { userId: number; applicationId: number }) {
  const query = useQuery({
    queryKey: ['portal', 'application', userId, applicationId],
    queryFn: () => fetchUserApplication(userId, applicationId),
  });
  if (!query.isSuccess) {
    return <PortalRecordState query={query} wording={WORDING} />;
  }
  const application = query.data;
  return (
    <section className="page application-page">
      <h1>{application.opportunity.name}</h1>
      <dl>
        <dt>Status</dt>
        <dd>{APPLICATION_STATUS_LABELS[application.status]}</dd>
        <dt>Applied on</dt>
        <dd>{formatInstantDay(application.created_at)}</dd>
      </dl>
      <section aria-labelledby="application-answers">
        <h2 id="application-answers">Your answers</h2>
        {application.answers.length === 0 ? (
          <p>This application had no questions.</p>
        ) : (
          <dl>
            {application.answers.map((answer) => (
              <div key={answer.question}>
                <dt>{answer.question}</dt>
                <dd>
                  {answer.files.length > 0 ? answer.files.join(', ') : (answer.answer ?? 'Not answered')}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      <section aria-labelledby="application-documents">
        <h2 id="application-documents">Documents</h2>
        {application.documents.length === 0 ? (
          <p>No documents were uploaded.</p>
        ) : (
          <ul>
            {application.documents.map((document) => (
              <li key={`${document.type}-${document.file_name}`}>
                {document.type}: {document.file_name}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="application-referees">
        <h2 id="application-referees">Referees</h2>
        {application.referees.length === 0 ? (
          <p>No referees were named.</p>
        ) : (
          <ul>
            {application.referees.map((referee, index) => (
              <li key={index}>
                {referee.name}: {referee.answered ? 'reference received' : 'waiting for their reference'}
              </li>
            ))}
          </ul>
        )}
      </section>
      <p>
        <Link to="/portal">Back to your portal</Link>
      </p>
    </section>
  );
}

/**
 * `/portal/applicant/dashboard/{applicationId}`: the signed-in user's application as submitted
 * (answers, documents, referees and whether each has answered) and its status. Someone else's
 * application, or one that does not exist, gets the same not-found page, so its existence is not
 * told to people who may not see it.
 */
export function ApplicationPage() {
  return (
    <PortalRecordRoute param="applicationId" wording={WORDING}>
      {(userId, applicationId) => <ApplicationDetails userId={userId} applicationId={applicationId} />}
    </PortalRecordRoute>
  );
}
