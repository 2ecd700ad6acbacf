import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, test } from 'node:test';
import { isSigned, pushedRef } from '../../src/http/push-hook.js';

const SECRET = 'a webhook secret';
const BODY = Buffer.from(JSON.stringify({ ref: 'refs/heads/main' }));
const signature = (secret: string, body: Buffer) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

describe('a push notification is signed', () => {
  test("by GitHub's X-Hub-Signature-256 of the very body, whatever the case of its hex", () => {
    assert.equal(isSigned({ 'x-hub-signature-256': signature(SECRET, BODY) }, BODY, SECRET), true);
    assert.equal(isSigned({ 'x-hub-signature-256': signature(SECRET, BODY).toUpperCase().replace('SHA256=', 'sha256=') }, BODY, SECRET), true);
    assert.equal(isSigned({ 'x-hub-signature-256': signature(SECRET, BODY) }, Buffer.concat([BODY, Buffer.from(' ')]), SECRET), false);
    assert.equal(isSigned({ 'x-hub-signature-256': signature('another', BODY) }, BODY, SECRET), false);
    assert.equal(isSigned({ 'x-hub-signature-256': signature(SECRET, BODY).slice(0, -2) }, BODY, SECRET), false);
  });

  test("by GitLab's X-Gitlab-Token equal to the secret", () => {
    assert.equal(isSigned({ 'x-gitlab-token': SECRET }, BODY, SECRET), true);
    assert.equal(isSigned({ 'x-gitlab-token': `${SECRET} ` }, BODY, SECRET), false);
    assert.equal(isSigned({ 'x-gitlab-token': SECRET.slice(1) }, BODY, SECRET), false);
  });

  test('never without a secret, nor without either header', () => {
    assert.equal(isSigned({ 'x-gitlab-token': '' }, BODY, ''), false);
    assert.equal(isSigned({ 'x-gitlab-token': SECRET }, BODY, undefined), false);
    assert.equal(isSigned({}, BODY, SECRET), false);
  });
});

describe('the ref a push names', () => {
  test('is read from a JSON body, or the payload field of a form-encoded one', () => {
    assert.equal(pushedRef({ 'content-type': 'application/json' }, BODY), 'refs/heads/main');
    const form = Buffer.from(new URLSearchParams({ payload: JSON.stringify({ ref: 'refs/heads/drafts' }) }).toString());
    assert.equal(pushedRef({ 'content-type': 'application/x-www-form-urlencoded' }, form), 'refs/heads/drafts');
  });

  test('is undefined for a ping, or a body that is no JSON', () => {
    assert.equal(pushedRef({}, Buffer.from(JSON.stringify({ zen: 'Keep it logically awesome.', hook_id: 1 }))), undefined);
    assert.equal(pushedRef({}, Buffer.from('not json')), undefined);
    assert.equal(pushedRef({}, Buffer.from('{"ref": 12}')), undefined);
  });
});
