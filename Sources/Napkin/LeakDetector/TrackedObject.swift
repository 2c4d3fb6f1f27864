/// A weak reference to one object the leak detector expects to go away, with what to say if not.
struct TrackedObject {
  weak var object: AnyObject?
  let role: LeakReport.Role
  let typeName: String
  let napkinName: String
  /// The napkin's router, to tell at the end of the check whether it is still attached.
  weak var router: (any Routing)?
  /// Which napkin of a subtree the object belongs to, while that subtree's record is kept: the
  /// routers of one subtree are distinct live objects when it is recorded.
  let napkinID: ObjectIdentifier

  init(_ object: AnyObject, role: LeakReport.Role, napkin: AnyObject) {
    self.object = object
    self.role = role
    self.typeName = Napkin.typeName(of: object)
    self.napkinName = Napkin.typeName(of: napkin)
    self.router = napkin as? any Routing
    self.napkinID = ObjectIdentifier(napkin)
  }

  /// The objects of every napkin in the subtree of `router`: routers, interactors, presenters,
  /// views and components, as far as each router can tell.
  @MainActor
  static func subtree(of router: any Routing) -> [TrackedObject] {
    var objects: [TrackedObject]
    if let trackable = router as? any LeakTrackable {
      objects = trackable.trackedObjects
    } else {
      // A test double: watch what the protocols expose.
      objects = [
        TrackedObject(router, role: .router, napkin: router),
        TrackedObject(router.interactable, role: .interactor, napkin: router),
      ]
      if let viewable = router as? any ViewableRouting {
        objects.append(TrackedObject(viewable.viewControllable, role: .view, napkin: router))
      }
    }
    for child in router.children {
      objects += subtree(of: child)
    }
    return objects
  }
}

/// A router that can tell the leak detector which objects make up its napkin.
@MainActor
protocol LeakTrackable: Routing {
  /// The napkin's router, interactor, presenter, view and component, as far as they exist.
  var trackedObjects: [TrackedObject] { get }

  /// Adopts the detector of the parent that attaches this router, for its whole subtree.
  func inheritLeakDetector(_ detector: LeakDetector)

  /// Records whether a detach's leak check already watches this napkin, so that releasing it
  /// later does not check it twice.
  func setWatchedAfterDetach(_ watched: Bool)
}
