import { describe, expect, it } from 'vitest';
import { chatFrameSrc } from './chat-dialog';

describe('the 房聊 frame address', () => {
  it('passes the user id, site origin, target and listing to the embedded page', () => {
    expect(
      chatFrameSrc(1, 'http://localhost:3000', {
        targetId: 5,
        targetName: '张 先生',
        targetAvatar: 'a/b.jpg',
      }),
    ).toBe(
      '/chat?userId=1&origin=http%3A%2F%2Flocalhost%3A3000&targetId=5&targetName=%E5%BC%A0+%E5%85%88%E7%94%9F&targetAvatar=a%2Fb.jpg',
    );
    expect(chatFrameSrc(1, 'http://localhost:3000', { targetId: 5, listingId: 42 })).toBe(
      '/chat?userId=1&origin=http%3A%2F%2Flocalhost%3A3000&targetId=5&listingId=42',
    );
    expect(chatFrameSrc(1, 'http://localhost:3000', { service: true })).toBe(
      '/chat?userId=1&origin=http%3A%2F%2Flocalhost%3A3000&service=1',
    );
    expect(chatFrameSrc(1, 'http://localhost:3000', null)).toBe(
      '/chat?userId=1&origin=http%3A%2F%2Flocalhost%3A3000',
    );
  });
});
