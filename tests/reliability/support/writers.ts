/**
 * Writers: loops that change the catalogue through the API the way the admin portal does
 * (uploads, then items and events that reference them; edits; deletes), recording every write
 * in a WriteLedger. Each writer touches only its own records, one request at a time, so a
 * record's expected state is known exactly.
 */
import { randomUUID } from 'node:crypto';
import { acknowledged, type GraphQLResult, type ShopClient } from './shop-client';
import { makePng } from './png';
import { postToTarget, REQUEST_UPLOAD, STORE_UPLOAD } from '../../support/image-upload';
import type { ImageUploadTarget } from '../../../shared/image-upload';
import type { Model, RecordState, WriteLedger } from './write-ledger';

/** Every record the writers create has a name starting with this, unique per record. */
export const MARKER = 'rel-';

const CREATE_ITEM = 'mutation CreateItem($input: CreateItemInput!) { createItem(input: $input) { id name } }';
const UPDATE_ITEM = 'mutation UpdateItem($input: UpdateItemInput!) { updateItem(input: $input) { id } }';
const CREATE_EVENT = 'mutation CreateEvent($input: CreateEventInput!) { createEvent(input: $input) { id name } }';
const DELETE_EVENT = 'mutation DeleteEvent($input: DeleteEventInput!) { deleteEvent(input: $input) { id } }';

export interface WriterOptions {
  client: ShopClient;
  ledger: WriteLedger;
  /** Makes names unique across writers and rounds. */
  name: string;
  /** Checked before each write. */
  shouldStop: () => boolean;
  /** Stop at the first request that gets no answer (the server is gone). */
  stopWhenUnanswered: boolean;
}

/** Raised inside a writer when a request got no HTTP answer at all. */
class Unanswered extends Error {}

/** `count` writers at once, named `<name>w0`, `<name>w1`, ... */
export async function runWriters(count: number, options: WriterOptions): Promise<void> {
  await Promise.all(Array.from({ length: count }, (_, index) => runWriter({ ...options, name: `${options.name}w${index}` })));
}

export async function runWriter(options: WriterOptions): Promise<void> {
  const writer = new Writer(options);
  while (!options.shouldStop()) {
    try {
      await writer.step();
    } catch (error) {
      if (!(error instanceof Unanswered)) throw error;
      if (options.stopWhenUnanswered) return;
    }
  }
}

class Writer {
  private sequence = 0;
  private readonly items: string[] = [];
  private readonly events: string[] = [];
  private readonly images: string[] = [];

  constructor(private readonly options: WriterOptions) {}

  async step(): Promise<void> {
    const dice = Math.random();
    if (dice < 0.25) await this.createItem(null);
    else if (dice < 0.45) await this.createItem(await this.upload());
    else if (dice < 0.7 && this.items.length > 0) await this.updateItem();
    else if (dice < 0.85) await this.createEvent(Math.random() < 0.5 ? await this.upload() : null);
    else if (this.events.length > 0) await this.deleteEvent();
    else await this.createItem(this.images.at(-1) ?? null);
  }

  private nextName() {
    this.sequence += 1;
    return `${MARKER}${this.options.name}-${this.sequence}`;
  }

  private async createItem(img: string | null): Promise<void> {
    const id = randomUUID();
    const name = this.nextName();
    const fields = {
      name,
      price: this.sequence + 0.99,
      description: `${name}: a bottle written by the reliability battery`,
      tags: ['wine', `tag-${this.sequence % 7}`],
      promoted: this.sequence % 3 === 0,
      upc: String(100000000000 + this.sequence),
      img,
    };
    if (await this.write('Item', id, fields, CREATE_ITEM, { input: { id, ...fields } }, 'createItem')) this.items.push(id);
  }

  private async updateItem(): Promise<void> {
    const id = this.items[Math.floor(Math.random() * this.items.length)]!;
    const current = this.options.ledger.current('Item', id)!;
    this.sequence += 1;
    const changes = { price: this.sequence + 0.49, description: `edited ${this.sequence} times`, promoted: !current.promoted };
    const ok = await this.write('Item', id, { ...current, ...changes }, UPDATE_ITEM, { input: { id, ...changes } }, 'updateItem');
    if (!ok) this.items.splice(this.items.indexOf(id), 1);
  }

  private async createEvent(img: string | null): Promise<void> {
    const id = randomUUID();
    const name = this.nextName();
    const fields = { name, date: '2027-03-14', time: this.sequence % 2 ? '18:30' : null, description: `${name}: a tasting`, img };
    if (await this.write('Event', id, fields, CREATE_EVENT, { input: { id, ...fields } }, 'createEvent')) this.events.push(id);
  }

  private async deleteEvent(): Promise<void> {
    const id = this.events.pop()!;
    await this.write('Event', id, null, DELETE_EVENT, { input: { id } }, 'deleteEvent');
  }

  /**
   * Uploads a new image as the portal does (a target, the file POSTed there, then stored); its URL
   * when acknowledged, else null (the record is written without).
   */
  private async upload(): Promise<string | null> {
    const png = makePng(this.nextName(), 16);
    const unanswered = () => this.options.ledger.upload('unknown');
    let result = await this.send(REQUEST_UPLOAD, {}, unanswered);
    const target = acknowledged<ImageUploadTarget>(result, 'requestImageUpload');
    if (target) {
      const posted = await postToTarget(target, png, this.options.client.url).then(
        (response) => response.status,
        (error: unknown) => {
          unanswered();
          throw new Unanswered(String(error));
        },
      );
      result =
        posted === 204
          ? await this.send(STORE_UPLOAD, { id: target.id }, unanswered)
          : { status: posted, data: null, errors: [{ message: 'the upload target refused the file' }] };
    }
    const url = target ? acknowledged<string>(result, 'storeUploadedImage') : null;
    this.options.ledger.upload(url ? { url } : { refused: describe(result) });
    if (url) this.images.push(url);
    return url;
  }

  /** One write of a record; true when acknowledged. The record is dropped from the writer's lists otherwise. */
  private async write(
    model: Model,
    id: string,
    next: RecordState,
    query: string,
    variables: Record<string, unknown>,
    field: string,
  ): Promise<boolean> {
    const pending = this.options.ledger.begin(model, id, next);
    const result = await this.send(query, variables, () => this.options.ledger.unknown(pending));
    if (acknowledged(result, field)) {
      this.options.ledger.ack(pending);
      return true;
    }
    this.options.ledger.refuse(pending, describe(result));
    return false;
  }

  private async send(query: string, variables: Record<string, unknown>, onUnanswered: () => void): Promise<GraphQLResult> {
    try {
      return await this.options.client.admin(query, variables);
    } catch (error) {
      onUnanswered();
      throw new Unanswered(String(error));
    }
  }
}

function describe(result: GraphQLResult): string {
  return `HTTP ${result.status} ${result.errors.map((error) => `${error.errorType ?? ''}: ${error.message}`).join('; ')}`;
}
