/**
 * What one reservation's dialog (ReservationDetail) holds and does: the picked units as typed and
 * why fewer, the ID tick, the reason for cancelling, and the refusal with the control it belongs
 * to. Each action is checked by the shared rules first; a refusal from the server is said in the
 * dialog and toasted, a success is toasted and closes the dialog.
 */
import { useId, useState } from 'react';
import { ERROR_TYPES } from '../../../../shared/error-types';
import { reasonProblem } from '../../../../shared/reservation-limits';
import { SessionEndedError } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import { userFacingMessage, type ApiCallError } from '../common/graphql-errors';
import { RESERVATION_SCREEN_MESSAGES, useReservationAction, type StaffAction } from './api';
import { loweredLines, pickedLinesOf, type PickedLine, type StaffReservation } from './reservation-view';

/** The server's refusal as staff should read it; '' when the session ended (already said). */
function refusalMessage(error: unknown): string {
  if (error instanceof SessionEndedError) return '';
  if ((error as ApiCallError | null)?.errorType === ERROR_TYPES.notFound) return (error as ApiCallError).message;
  return userFacingMessage(error, RESERVATION_SCREEN_MESSAGES.actionFailed);
}

/** A refusal and where it belongs: 'action', 'reason', or `picked:<itemId>` / `note:<itemId>`. */
interface Problem {
  where: string;
  message: string;
}

/** What marks a control invalid and points it at the refusal's message. */
export interface RefusedProps {
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** `number` is the reservation's number as shown, for the toasts. */
export function useReservationDetail(reservation: StaffReservation, number: string, onClose: () => void) {
  const action = useReservationAction();
  const [picked, setPicked] = useState<PickedLine[]>(() => pickedLinesOf(reservation));
  const [idChecked, setIdChecked] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const errorId = useId();

  const run = async (change: StaffAction, success: string) => {
    setProblem(null);
    try {
      await action.mutateAsync({ id: reservation.id, change });
    } catch (error) {
      const message = refusalMessage(error);
      if (message) {
        setProblem({ where: 'action', message });
        notify.error(message);
      }
      return;
    }
    notify.success(success);
    onClose();
  };

  const markReady = () => {
    const result = loweredLines(reservation, picked);
    if (!result.ok) {
      setProblem({ where: `${result.field}:${result.itemId}`, message: result.message });
      return;
    }
    void run({ action: 'markReady', lowered: result.lowered }, RESERVATION_SCREEN_MESSAGES.markedReady(number));
  };

  const cancel = () => {
    const reasonIssue = reasonProblem(reason, true);
    if (reasonIssue) {
      setProblem({ where: 'reason', message: reasonIssue });
      return;
    }
    void run({ action: 'cancel', reason: reason.trim() }, RESERVATION_SCREEN_MESSAGES.cancelled(number));
  };

  const pickUp = () => void run({ action: 'pickUp', idChecked }, RESERVATION_SCREEN_MESSAGES.pickedUp(number));

  const setLine = (itemId: string, change: Partial<PickedLine>) =>
    setPicked((lines) => lines.map((line) => (line.itemId === itemId ? { ...line, ...change } : line)));

  return {
    busy: action.isPending,
    picked,
    setLine,
    idChecked,
    setIdChecked,
    reason,
    setReason,
    /** The refusal's message, said under the actions ('' for none), in the element `errorId` names. */
    message: problem?.message ?? '',
    errorId,
    /** Marks the control `where` names invalid while the refusal is about it. */
    refusedProps: (where: string): RefusedProps => (problem?.where === where ? { 'aria-invalid': true, 'aria-describedby': errorId } : {}),
    markReady,
    cancel,
    pickUp,
  };
}
