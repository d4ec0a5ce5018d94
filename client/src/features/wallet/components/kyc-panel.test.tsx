import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../../../shared/codes';
import type { DataOf } from '../../../../../shared/contract/define';
import { type kycState, kycSubmit, kycUploadDocument } from '../../../../../shared/contract/kyc';
import { initI18n } from '../../../lib/i18n';
import { answer, refuse, sent, startContractServer } from '../../../test/contract-server';
import { KycPanel } from './kyc-panel';

const server = startContractServer();

const NONE = { idFront: null, idBack: null, selfie: null };
const STATE: DataOf<typeof kycState> = {
  status: 'rejected',
  reason: 'The selfie is blurred',
  submittedAt: '2026-11-20T02:00:00.000Z',
  decidedAt: '2026-11-21T02:00:00.000Z',
  deadline: '2026-11-27T02:00:00.000Z',
  restricted: false,
  submission: null,
  documents: { idFront: '2026-11-20T02:00:00.000Z', idBack: '2026-11-20T02:00:00.000Z', selfie: null },
};
const photo = (name = 'selfie.jpg', bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0])) =>
  new File([bytes], name, { type: 'image/jpeg' });

describe('the KYC panel with photos', () => {
  beforeAll(() => initI18n('en-US'));
  afterEach(cleanup);

  it('a rejection asking for a new selfie is no dead end: the player takes it and can submit', async () => {
    render(<KycPanel state={STATE} onChange={() => {}} />);
    expect(screen.getByText('Reason: The selfie is blurred')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit again' }));
    // Camera or file, per photo: the camera input asks for the front camera for the selfie.
    const camera = screen.getByTestId('kyc-selfie-camera') as HTMLInputElement;
    expect(camera.accept).toBe('image/*');
    expect(camera.getAttribute('capture')).toBe('user');
    expect(screen.getByTestId('kyc-idFront-camera').getAttribute('capture')).toBe('environment');
    expect(screen.getByTestId('kyc-selfie-file').hasAttribute('capture')).toBe(false);
    expect(screen.getByTestId('kyc-photo-selfie').textContent).toContain('Needed');

    server.use(answer(kycUploadDocument, { ...STATE, documents: { ...STATE.documents, selfie: STATE.deadline } }));
    await act(async () => fireEvent.change(camera, { target: { files: [photo()] } }));
    await waitFor(() => expect(screen.getByTestId('kyc-photo-selfie').textContent).toContain('Uploaded'));
    expect(sent(kycUploadDocument)).toEqual([{ kind: 'selfie', image: '/9j/4A==' }]);
  });

  it('submit is held until all three photos are there', async () => {
    render(<KycPanel state={{ ...STATE, status: 'unverified', reason: '', documents: NONE }} onChange={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Verify my identity' }));
    fireEvent.change(screen.getByLabelText('Full name as on your ID'), { target: { value: 'Juan Dela Cruz' } });
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '05171990' } });
    fireEvent.change(screen.getByLabelText('ID number'), { target: { value: '1234-5678-9012-3456' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit for verification' })));
    expect(screen.getByText('Please add the front and back of your ID and a selfie.')).toBeTruthy();
    expect(sent(kycSubmit)).toEqual([]);
  });

  it('an oversize photo is stopped before it is sent; a refusal of the server is shown', async () => {
    render(<KycPanel state={{ ...STATE, documents: NONE }} onChange={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Submit again' }));
    const big = photo('big.jpg', new Uint8Array(5 * 1024 * 1024 + 1));
    await act(async () => fireEvent.change(screen.getByTestId('kyc-idFront-file'), { target: { files: [big] } }));
    expect(screen.getByText('The photo is larger than 5 MB. Please take a smaller one.')).toBeTruthy();
    server.use(refuse(kycUploadDocument, Code.KYC_DOCUMENT_TYPE));
    await act(async () =>
      fireEvent.change(screen.getByTestId('kyc-idBack-file'), { target: { files: [photo('doc.jpg')] } }),
    );
    await waitFor(() => expect(screen.getByText(/not a photo we can read/)).toBeTruthy());
  });
});
