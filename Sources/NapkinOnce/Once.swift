/// The once-per-key protocol shared by every store: decide under the store's lock, run the factory
/// with no lock held, publish under the lock, wake waiters after it.
package enum Once {
  /// What a request for a key must do next, decided under the store's lock.
  package enum Step {
    /// The value exists.
    case found(AnyObject)
    /// The caller inserted `BuildFrame` and must run the factory.
    case build(BuildFrame)
    /// Another thread builds the key; the caller is registered as its waiter and must sleep.
    case wait(BuildFrame)
  }

  /// A request for one key, as the store's lock-side logic needs it.
  package struct Request {
    /// The key as printed in messages.
    package let label: String
    /// The type of the component or registry that owns the store.
    package let ownerType: Any.Type
    /// Tells apart two stores of one owner type.
    package let storeIdentity: ObjectIdentifier
    /// The type the caller expects.
    package let valueType: Any.Type
    /// The calling thread. Unowned: a thread's state lives until the thread exits, and a request
    /// never leaves the thread that made it.
    package unowned(unsafe) let thread: ThreadState

    /// Describes a request made by the calling thread.
    package init(
      label: String, ownerType: Any.Type, storeIdentity: ObjectIdentifier, valueType: Any.Type
    ) {
      self.label = label
      self.ownerType = ownerType
      self.storeIdentity = storeIdentity
      self.valueType = valueType
      self.thread = ThreadState.ofCurrentThread
    }
  }

  /// Decides the next step for `request`; call it under the store's lock.
  ///
  /// `insert` links a new frame into the store's list of keys under construction.
  package static func decide(
    _ request: Request, built: OnceValue?, building: BuildFrame?, insert: (BuildFrame) -> Void
  ) -> Step {
    if let built {
      checkType(request, stored: built.type)
      return .found(built.object)
    }
    if let building {
      checkType(request, stored: building.valueType)
      if building.builder === request.thread {
        OnceFailure.cycle(WaitGraph.stack(of: request.thread, from: building) + [building])
      }
      building.waiters.append(request.thread)
      return .wait(building)
    }
    let frame = request.thread.makeFrame(request)
    insert(frame)
    return .build(frame)
  }

  /// Runs the protocol to completion and returns the key's one instance.
  ///
  /// - Parameters:
  ///   - lookUp: under the store's lock, calls ``decide(_:built:building:insert:)``.
  ///   - publish: under the store's lock, stores the value, unlinks the frame and returns its
  ///     waiters.
  ///   - factory: builds the value; runs with no lock held, on the calling thread.
  package static func resolve(
    _ request: Request,
    lookUp: () -> Step,
    publish: (BuildFrame, OnceValue) -> [ThreadState],
    factory: () -> OnceValue
  ) -> AnyObject {
    while true {
      switch lookUp() {
      case .found(let object):
        return object
      case .wait(let frame):
        WaitGraph.block(request.thread, on: frame)
        request.thread.wakeUp.wait()
      // The value is published now; the next lookUp finds it.
      case .build(let frame):
        request.thread.current = frame
        let value = factory()
        request.thread.current = frame.parent
        let waiters = publish(frame, value)
        if waiters.isEmpty {
          request.thread.recycle(frame)
        } else {
          // Waiters still hold this frame, so it cannot be reused; it only forgets its parent.
          frame.parent = nil
          WaitGraph.complete(frame, waking: waiters)
        }
        return value.object
      }
    }
  }

  private static func checkType(_ request: Request, stored: Any.Type) {
    if stored != request.valueType {
      OnceFailure.typeClash(
        key: request.label, ownerType: request.ownerType, storedType: stored,
        requestedType: request.valueType)
    }
  }
}
