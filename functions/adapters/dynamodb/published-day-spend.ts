// adapter: PublishedDaySpend on the single table (see table-design.ts) — a published server's credits of
// one UTC day, as a counter that admitted runs reserve against and ended runs settle to their charge.
//   day          WS#<ws> / PUBDAY#<srv>#<day>    credits: reserved by runs in flight + charged by ended ones
//   reservation  WS#<ws> / PUBRESV#<executionId> what one run holds until it ends (day, credits)
//
//   reserve n:  ┌ PUBDAY   ADD credits n   if absent, or credits < limit AND credits ≤ limit − n ┐ one
//               └ PUBRESV  put             if absent (only when n > 0)                            ┘ transaction
//   release:    ┌ PUBRESV  delete          if it exists (a second release finds none)              ┐ one
//               └ PUBDAY   ADD credits (charged − n)                                              ┘ transaction
// DynamoDB conditions do no arithmetic, so `credits + n ≤ limit` is sent as `credits ≤ limit − n`. Both
// items expire two days after their day (TTL): a counter is only read on its own day.
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { LedgerReader } from '#core/credits/ledger-entry';
import type { DayReservation, PublishedDaySpend } from '#core/published/ports';
import { table } from './client.ts';
import { isConditionFailure } from './errors.ts';
import { getEntity, newItemPut, type TransactItem } from './entities.ts';
import { keys, TTL_ATTRIBUTE } from './table-design.ts';

const DAY_SECONDS = 86_400;
/** Epoch seconds two days after the end of `day` (YYYY-MM-DD, UTC). */
const expiryOf = (day: string) => Date.parse(`${day}T00:00:00.000Z`) / 1000 + 3 * DAY_SECONDS;

function counterUpdate(reservation: DayReservation, delta: number, limit?: number) {
  return {
    TableName: table().tableName,
    Key: keys.publishedDay(reservation.workspaceId, reservation.serverId, reservation.day),
    UpdateExpression: 'ADD #credits :delta SET #ttl = if_not_exists(#ttl, :ttl)',
    ExpressionAttributeNames: { '#credits': 'credits', '#ttl': TTL_ATTRIBUTE },
    ExpressionAttributeValues: {
      ':delta': delta,
      ':ttl': expiryOf(reservation.day),
      ...(limit === undefined ? {} : { ':limit': limit, ':room': limit - delta }),
    },
    ...(limit === undefined
      ? {}
      : { ConditionExpression: 'attribute_not_exists(#credits) OR (#credits < :limit AND #credits <= :room)' }),
  };
}

/** Sends a conditional write: false when a condition failed (nothing written). */
async function written(send: () => Promise<unknown>): Promise<boolean> {
  try {
    await send();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

const transaction = (items: TransactItem[]) => () =>
  table().client.send(new TransactWriteCommand({ TransactItems: items }));

export class DynamoPublishedDaySpend implements PublishedDaySpend {
  /** The ledger's read side, to tell what a published run was charged. */
  constructor(private readonly ledger: LedgerReader) {}

  async reserve(reservation: DayReservation, limit: number): Promise<boolean> {
    // Past the limit on its own, or a day with nothing to spend: refused without a write.
    if (reservation.credits > limit || limit <= 0) return false;
    if (reservation.credits === 0)
      return written(() => table().client.send(new UpdateCommand(counterUpdate(reservation, 0, limit))));
    return written(
      transaction([
        { Update: counterUpdate(reservation, reservation.credits, limit) },
        newItemPut({
          ...keys.publishedReservation(reservation.workspaceId, reservation.executionId),
          entity: 'PublishedReservation',
          ...reservation,
          [TTL_ATTRIBUTE]: expiryOf(reservation.day),
        }),
      ]),
    );
  }

  reservationOf(workspaceId: string, executionId: string): Promise<DayReservation | undefined> {
    return getEntity<DayReservation>(keys.publishedReservation(workspaceId, executionId), TTL_ATTRIBUTE);
  }

  async release(reservation: DayReservation, charged: number): Promise<void> {
    // A failed condition: released by another step of the same run's end; nothing left to do.
    await written(
      transaction([
        {
          Delete: {
            TableName: table().tableName,
            Key: keys.publishedReservation(reservation.workspaceId, reservation.executionId),
            ConditionExpression: 'attribute_exists(PK)',
          },
        },
        { Update: counterUpdate(reservation, charged - reservation.credits) },
      ]),
    );
  }

  async chargedBy(workspaceId: string, executionId: string, since: Date): Promise<number> {
    let charged = 0;
    for await (const entry of this.ledger.entriesBetween(workspaceId, since, new Date(Date.now() + 1)))
      if (entry.type === 'usage' && entry.resource?.executionId === executionId) charged += -entry.credits;
    return charged;
  }
}
