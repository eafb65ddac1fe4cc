/** The socket.io room of the sockets watching a live topic (apart from the chat rooms, which may share a topic's name). */
export const liveRoom = (topic: string) => `live:${topic}`;
export const isLiveRoom = (name: string) => name.startsWith('live:');
