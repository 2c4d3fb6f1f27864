/// A value that can be read and set from anywhere, and whose readers see each change: the state
/// a service keeps for the napkins that show it, as RIBs apps keep it in a `BehaviorRelay`.
///
/// ```swift
/// nonisolated final class ScoreService: Sendable {
///   let score = CurrentValue(0)
///
///   func playerScored() {
///     score.update { $0 += 1 }
///   }
/// }
/// ```
///
/// An interactor follows it from its activation on: the current score first, then each change,
/// until the napkin deactivates.
///
/// <!-- snippet-inside: final class SketchInteractor: InteractorSketch -->
/// ```swift
/// task {
///   for await points in scoreService.score.values() {
///     print("score: \(points)")
///   }
/// }
/// ```
///
/// - ``value`` reads and sets the value synchronously; ``update(_:fileID:line:)`` changes it in one step.
/// - Each call to ``values()`` is a reader of its own: it yields the value current when it was
///   made, then each later value. A slow reader is never handed a backlog: it sees the latest
///   value, and skips the ones set while it was busy.
/// - ``distinctValues()``, for an `Equatable` value, skips a value equal to the one that reader
///   saw last (RxSwift's `distinctUntilChanged`).
/// - Releasing the `CurrentValue` ends every reader's loop; cancelling a reader's task ends that
///   reader's loop (a napkin's `task { }` is cancelled when the napkin deactivates).
///
/// Threading: `Sendable`; read, set and iterate from any thread, task or actor. Values set by one
/// thread reach each reader in the order they were set.
public final class CurrentValue<Value: Sendable>: Sendable {
  private let storage: CurrentValueStorage<Value>

  /// Creates a state holding `initial`.
  ///
  /// ```swift
  /// let signedIn = CurrentValue<String?>(nil)
  /// ```
  ///
  /// Threading: anywhere.
  public init(_ initial: Value) {
    storage = CurrentValueStorage(initial)
  }

  deinit {
    storage.finish()
  }

  /// The current value; setting it hands the new value to every reader.
  ///
  /// ```swift
  /// signedIn.value = "alice"
  /// print(signedIn.value ?? "nobody")
  /// ```
  ///
  /// Threading: any thread. A set is complete when it returns: a read after it, on any thread,
  /// sees it or a later value.
  public var value: Value {
    get { storage.value }
    set { storage.update({ $0 = newValue }, what: "set value", fileID: #fileID, line: #line) }
  }

  /// Changes the value in one step, so that two threads that each add one both count, and hands
  /// the result to every reader.
  ///
  /// ```swift
  /// score.update { $0 += 1 }
  /// ```
  ///
  /// Threading: any thread. `body` runs under the lock: keep it short, and never read, set or
  /// update this `CurrentValue` inside it; doing so on the same thread stops the program with a
  /// message that names `fileID` and `line` (the caller's by default), rather than deadlocking.
  public func update(
    _ body: (inout Value) -> Void, fileID: StaticString = #fileID, line: UInt = #line
  ) {
    storage.update(body, what: "called update(_:)", fileID: fileID, line: line)
  }

  /// A new reader: the current value, then each value set after it.
  ///
  /// ```swift
  /// for await name in signedIn.values() {
  ///   print(name ?? "signed out")
  /// }
  /// ```
  ///
  /// Threading: any thread; iterate it from one task.
  public func values() -> CurrentValueSequence<Value> {
    CurrentValueSequence(storage: storage, isDuplicate: nil)
  }
}

extension CurrentValue where Value: Equatable {
  /// A new reader that skips a value equal to the one it saw last.
  ///
  /// ```swift
  /// let userName = CurrentValue("alice")
  /// userName.value = "alice"  // no reader of distinctValues() sees this
  /// ```
  ///
  /// Threading: as ``values()``.
  public func distinctValues() -> CurrentValueSequence<Value> {
    CurrentValueSequence(storage: storage, isDuplicate: { $0 == $1 })
  }
}
