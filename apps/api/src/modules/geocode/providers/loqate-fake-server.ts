import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A stand-in for Loqate's Capture Interactive Find (v1.10) and Retrieve (v1.20) JSON services, for
 * tests: it answers their documented shapes (Items of Id, Type, Text, Highlight, Description; the
 * Retrieve fields; the error item of Error, Description, Cause, Resolution) from a few fixed
 * addresses, on 127.0.0.1 at a free port.
 */

/** How the fake misbehaves: never answer, answer HTTP 500, or answer something that is not JSON. */
export type FakeLoqateFailure = 'hang' | 'http-500' | 'not-json' | null;

export type FakeLoqate = {
  /** Base URL, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** The key it accepts; any other gets Loqate's error 2, Unknown key. */
  validKey: string;
  failure: FakeLoqateFailure;
  /** Every request: its path and query parameters. */
  requests: Array<{ path: string; params: Record<string, string> }>;
  close(): Promise<void>;
};

export const FAKE_LOQATE_KEY = 'AA11-AA11-AA11-AA11';

const FIND_PATH = '/Capture/Interactive/Find/v1.10/json3.ws';
const RETRIEVE_PATH = '/Capture/Interactive/Retrieve/v1.20/json3.ws';

const POSTCODE_CONTAINER = 'GB|RM|ENG|6RB-NW10';

const finds: Record<string, unknown[]> = {
  'NW10 6RB': [
    {
      Id: POSTCODE_CONTAINER,
      Type: 'Postcode',
      Text: 'NW10 6RB',
      Highlight: '0-4,5-8',
      Description: 'Scrubs Lane, London - 3 Addresses',
    },
  ],
  '128 queen': [
    {
      Id: 'GB|RM|B|55605138|ENG',
      Type: 'Address',
      Text: 'Flat 2, Evermore House, 128 Queen Victoria Street',
      Highlight: '0-3',
      Description: 'London EC4V 4BJ',
    },
    {
      Id: 'GB|RM|ENG|QUEEN-VICTORIA-ST',
      Type: 'Street',
      Text: 'Queen Victoria Street',
      Highlight: '',
      Description: 'London - 42 Addresses',
    },
    {
      Id: 'GB|RM|ENG|QUEENHITHE',
      Type: 'Locality',
      Text: 'Queenhithe',
      Highlight: '',
      Description: 'London - 120 Addresses',
    },
  ],
};

const containers: Record<string, unknown[]> = {
  [POSTCODE_CONTAINER]: ['1', '2', '3'].map((number) => ({
    Id: `GB|RM|A|100${number}`,
    Type: 'Address',
    Text: `${number} Scrubs Lane`,
    Highlight: '',
    Description: 'London NW10 6RB',
  })),
};

function retrieveItem(fields: Record<string, string>): Record<string, unknown> {
  const blank = Object.fromEntries(
    [
      'Company',
      'Line1',
      'Line2',
      'Line3',
      'Line4',
      'Line5',
      'City',
      'Province',
      'ProvinceName',
      'PostalCode',
      'CountryName',
    ].map((name) => [name, '']),
  );
  return {
    DomesticId: '',
    LanguageAlternatives: 'ENG,CYM',
    CountryIso2: 'GB',
    Type: 'Residential',
    DataLevel: 'Premise',
    ...blank,
    ...fields,
  };
}

const retrieves: Record<string, unknown[]> = {
  // Two languages, Welsh first: the English one is the answer.
  'GB|RM|A|1001': [
    retrieveItem({
      Id: 'GB|RM|A|1001',
      Language: 'CYM',
      Company: 'Stiwdios',
      Line1: 'Uned 4',
      Line2: '1 Scrubs Lane',
      City: 'Llundain',
      PostalCode: 'NW10 6RB',
      CountryName: 'Y Deyrnas Unedig',
    }),
    retrieveItem({
      Id: 'GB|RM|A|1001',
      Language: 'ENG',
      Company: 'Scrubs Lane Studios',
      Line1: 'Unit 4',
      Line2: '1 Scrubs Lane',
      City: 'London',
      Province: 'London',
      ProvinceName: 'Greater London',
      PostalCode: 'NW10 6RB',
      CountryName: 'United Kingdom',
    }),
  ],
  'GB|RM|B|55605138|ENG': [
    retrieveItem({
      Id: 'GB|RM|B|55605138|ENG',
      Language: 'ENG',
      Line1: 'Flat 2',
      Line2: 'Evermore House',
      Line3: '128 Queen Victoria Street',
      Line4: 'Blackfriars',
      City: 'London',
      Province: 'London',
      PostalCode: 'EC4V 4BJ',
      CountryName: 'United Kingdom',
    }),
  ],
};

function errorItem(error: string, description: string, cause: string, resolution: string) {
  return { Items: [{ Error: error, Description: description, Cause: cause, Resolution: resolution }] };
}

/** Starts the fake on 127.0.0.1 at a free port. */
export async function startFakeLoqate(): Promise<FakeLoqate> {
  const fake: Omit<FakeLoqate, 'url' | 'close'> = { validKey: FAKE_LOQATE_KEY, failure: null, requests: [] };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const params = Object.fromEntries(url.searchParams);
    fake.requests.push({ path: url.pathname, params });
    if (fake.failure === 'hang') {
      return;
    }
    if (fake.failure === 'http-500') {
      response.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Internal Server Error</h1>');
      return;
    }
    if (fake.failure === 'not-json') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('<html>maintenance</html>');
      return;
    }
    const answer = (body: unknown) =>
      response.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' }).end(JSON.stringify(body));
    if (params.Key !== fake.validKey) {
      answer(
        errorItem(
          '2',
          'Unknown key',
          'The key you are using to access the service was not found.',
          'Please check that the key is correct. It should be in the form AA11-AA11-AA11-AA11.',
        ),
      );
      return;
    }
    if (url.pathname === FIND_PATH) {
      const items = params.Container ? containers[params.Container] : finds[params.Text ?? ''];
      answer({ Items: items ?? [] });
      return;
    }
    if (url.pathname === RETRIEVE_PATH) {
      const items = retrieves[params.Id ?? ''];
      answer(
        items
          ? { Items: items }
          : errorItem(
              '1001',
              'Id Invalid',
              'The Id parameter supplied was invalid.',
              'You should only pass in IDs that have been returned from the Find service.',
            ),
      );
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
