import Dispatch
import Foundation

extension DispatchGroup {
  /// Runs `body` on a new thread of its own, as a member of the group.
  ///
  /// A test that then waits on the group blocks its own thread, which belongs to the cooperative
  /// pool; work handed to that pool or to Dispatch's global queues could wait behind it forever
  /// on a machine with few cores.
  func onOwnThread(_ body: @escaping @Sendable () -> Void) {
    enter()
    Thread.detachNewThread {
      body()
      self.leave()
    }
  }
}
