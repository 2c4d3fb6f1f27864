/// One reader of a ``CurrentValue``: its value when the reader was made, then each later value,
/// latest first when the reader falls behind.
///
/// ```swift
/// let score = CurrentValue(0)
/// for await points in score.values() where points >= 3 {
///   print("won with \(points)")
///   break
/// }
/// ```
///
/// The loop ends when the `CurrentValue` is released or the iterating task is cancelled.
///
/// Threading: `Sendable`; iterate it from one task.
public struct CurrentValueSequence<Element: Sendable>: AsyncSequence, Sendable {
  let storage: CurrentValueStorage<Element>
  /// Whether a value repeats the one seen last, for ``CurrentValue/distinctValues()``.
  let isDuplicate: (@Sendable (Element, Element) -> Bool)?

  /// Makes the iterator that reads this sequence.
  ///
  /// Threading: one iterator per task.
  public func makeAsyncIterator() -> Iterator {
    Iterator(storage: storage, reader: storage.makeReader(), isDuplicate: isDuplicate)
  }

  /// Reads one reader's values.
  ///
  /// Threading: from the task that made it.
  public struct Iterator: AsyncIteratorProtocol {
    let storage: CurrentValueStorage<Element>
    let reader: UInt64
    let isDuplicate: (@Sendable (Element, Element) -> Bool)?
    /// The version of the value this reader saw last.
    var seen: UInt64?
    var last: Element?

    /// The next value, or `nil` once the `CurrentValue` is gone or the task is cancelled.
    ///
    /// Threading: on the caller's isolation.
    public mutating func next(isolation actor: isolated (any Actor)? = #isolation) async
      -> Element?
    {
      while let delivery = await storage.next(reader: reader, seen: seen) {
        seen = delivery.version
        if let isDuplicate, let last, isDuplicate(last, delivery.value) { continue }
        last = delivery.value
        return delivery.value
      }
      return nil
    }

    /// The next value, or `nil` once the `CurrentValue` is gone or the task is cancelled.
    ///
    /// Threading: on the caller's isolation.
    public mutating func next() async -> Element? {
      await next(isolation: nil)
    }
  }
}
