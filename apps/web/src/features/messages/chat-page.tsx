export function ChatPage() {
  return <h1 className="text-2xl font-semibold">Chat</h1>;
}
