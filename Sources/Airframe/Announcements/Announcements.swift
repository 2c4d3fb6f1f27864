import NapkinOnce

/// A typed broadcast: a manager posts an event after each write, and any number of readers iterate
/// the events as an `AsyncSequence`.
///
/// ```swift
/// final class SyncManager: Sendable {
///   static let shared = SyncManager()
///   let changes = Announcements<NoteChange>()
///
///   func add(_ text: String, to notebook: NotebookRef) throws {
///     let id = try persist(text, in: notebook)
///     // After the write, never before:
///     changes.post(NoteChange(notebook: notebook, kind: .added(noteID: id)))
///   }
/// }
///
/// // A reader builds its own display state from the events:
/// for await change in SyncManager.shared.changes.subscribe() {
///   refresh(change.notebook)
/// }
/// ```
///
/// Memory policy: each reader has its own buffer of at most `limit` events (64 by default). When a
/// slow reader's buffer is full, its oldest event is dropped, so a reader that falls behind costs
/// bounded memory and never slows the poster or the other readers. An announcement says what
/// changed; a reader that needs the whole state reads it from the store, which is the source of
/// truth, so a dropped event is never lost data.
///
/// A reader receives the events posted after it subscribed. Dropping a subscription (or
/// cancelling the task iterating it) unsubscribes; releasing the `Announcements` ends every
/// reader's loop.
///
/// Threading: `Sendable`; post and subscribe from any thread or task. Events from one poster
/// reach each reader in the order they were posted.
public final class Announcements<Event: Sendable>: Sendable {
  /// The readers' streams; ends them all when the `Announcements` is released.
  private let readers = Broadcast<Event>()
  /// The buffer size of a reader that does not choose its own.
  ///
  /// ```swift
  /// Announcements<Int>(bufferingNewest: 8).defaultLimit  // 8
  /// ```
  ///
  /// Threading: immutable.
  public let defaultLimit: Int

  /// Creates a broadcast with no readers.
  ///
  /// ```swift
  /// let changes = Announcements<NoteChange>(bufferingNewest: 16)
  /// ```
  ///
  /// Threading: create it anywhere, typically as a `let` of the manager that posts.
  ///
  /// - Parameter limit: how many unread events each reader keeps before dropping its oldest;
  ///   at least 1.
  public init(bufferingNewest limit: Int = 64) {
    precondition(limit >= 1, "Airframe: Announcements needs a buffer of at least 1, got \(limit).")
    self.defaultLimit = limit
  }

  /// Delivers `event` to every current reader.
  ///
  /// ```swift
  /// changes.post(NoteChange(notebook: notebook, kind: .edited(noteID: note.id)))
  /// ```
  ///
  /// Threading: never blocks or suspends; a slow reader only loses its own oldest events.
  public func post(_ event: Event) {
    readers.send(event)
  }

  /// A new reader's view of the events posted from now on.
  ///
  /// ```swift
  /// let updates = SyncManager.shared.changes.subscribe()
  /// Task { for await change in updates { print(change.notebook, change.kind) } }
  /// ```
  ///
  /// The reader is registered before `subscribe` returns, so nothing posted after that is missed
  /// (beyond the buffer limit) even if iteration starts later.
  ///
  /// Threading: iterate the subscription from one task at a time.
  ///
  /// - Parameter limit: this reader's buffer size; defaults to ``defaultLimit``.
  public func subscribe(bufferingNewest limit: Int? = nil) -> Subscription {
    let size = limit ?? defaultLimit
    precondition(size >= 1, "Airframe: a subscription needs a buffer of at least 1, got \(size).")
    return Subscription(stream: readers.subscribe(bufferingPolicy: .bufferingNewest(size)).stream)
  }

  /// The number of registered readers.
  ///
  /// ```swift
  /// if SyncManager.shared.changes.readerCount == 0 { return }  // nobody listens
  /// ```
  ///
  /// Threading: a snapshot.
  public var readerCount: Int {
    readers.readerCount
  }

  /// One reader's sequence of events.
  ///
  /// ```swift
  /// let subscription = SyncManager.shared.changes.subscribe()
  /// for await change in subscription { handle(change) }
  /// ```
  ///
  /// Threading: `Sendable`, but iterate it from one task at a time.
  public struct Subscription: AsyncSequence, Sendable {
    fileprivate let stream: AsyncStream<Event>

    /// Starts iterating the events.
    ///
    /// ```swift
    /// var iterator = subscription.makeAsyncIterator()
    /// let first = await iterator.next()
    /// ```
    ///
    /// Threading: use the iterator from one task.
    public func makeAsyncIterator() -> AsyncStream<Event>.Iterator {
      stream.makeAsyncIterator()
    }
  }
}
