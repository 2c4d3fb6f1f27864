/// One build of one key: whose key it is, for a cycle's message and for finding the build on a
/// thread's stack.
package struct Build: Sendable {
  /// Tells two stores of one type apart.
  package let owner: ObjectIdentifier
  /// The component or registry type named in messages.
  package let ownerType: Any.Type
  /// The key as the user wrote it (a property's name for a component).
  package let key: String

  package init(owner: ObjectIdentifier, ownerType: Any.Type, key: String) {
    self.owner = owner
    self.ownerType = ownerType
    self.key = key
  }

  /// Whether `other` builds the same key of the same store.
  func isSameKey(as other: Build) -> Bool {
    owner == other.owner && key == other.key
  }
}

/// A key whose factory is running: kept in the store's entry for the key, under the store's lock,
/// from the moment its build is claimed until the factory's value replaces it.
struct Pending: Sendable {
  /// The thread running the factory (``BuildingThread/id``).
  let builder: ObjectIdentifier
  /// How many threads wait for the value; the builder wakes this many.
  private(set) var waiters = 0
  /// Created by the first waiter: most keys are never waited for, and their builds allocate none.
  private(set) var record: WaitRecord?

  init(builder: ObjectIdentifier) {
    self.builder = builder
  }

  /// Counts one more waiter and returns the record it waits on. Call under the store's lock.
  mutating func join(as build: Build) -> WaitRecord {
    waiters += 1
    if let record { return record }
    let made = WaitRecord(build: build, builder: builder)
    record = made
    return made
  }

  /// Wakes every waiter; call after the value is in the store and the store's lock is released.
  func finish() {
    record?.finish(waking: waiters)
  }
}

/// What a thread that asks for a key without a value must do, decided under the store's lock.
enum Claim<Stored: Sendable>: Sendable {
  /// The value is there.
  case built(Stored)
  /// This thread has claimed the key: it runs the factory, then stores the value.
  case claimed
  /// Another thread runs the factory: wait on the record, then ask again.
  case wait(WaitRecord)
  /// This thread is already running the factory of this key: a cycle on one thread.
  case cycle
}
