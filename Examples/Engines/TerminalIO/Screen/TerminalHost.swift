import Observation

/// Keeps a screen on the terminal up to date, as SwiftUI keeps a view: it renders inside
/// `withObservationTracking` and renders again after any property the last render read changes.
///
/// ```swift
/// let host = TerminalHost(render: screen.render) { print($0) }
/// host.start()
/// await model.load()  // the host prints the new frame shortly after
/// ```
///
/// A frame identical to the previous one is not written again.
///
/// Threading: main actor. Observation reports a change before it happens, so the re-render is
/// scheduled on the main actor to run after the mutation, and many changes in one main-actor turn
/// produce one frame.
@MainActor
public final class TerminalHost {
  private let render: @MainActor () -> String
  private let write: @MainActor (String) -> Void
  private var lastFrame: String?
  private var isRunning = false

  /// A host that writes each new frame of `render` with `write`.
  public init(
    render: @escaping @MainActor () -> String, write: @escaping @MainActor (String) -> Void
  ) {
    self.render = render
    self.write = write
  }

  /// Writes the first frame and follows the model from then on.
  public func start() {
    isRunning = true
    renderAndTrack()
  }

  /// Writes the latest frame if it differs from the last one, then stops following the model; a
  /// re-render already scheduled writes nothing.
  public func finish() {
    renderAndTrack()
    isRunning = false
  }

  private func renderAndTrack() {
    guard isRunning else { return }
    let frame = withObservationTracking {
      render()
    } onChange: { [weak self] in
      Task { @MainActor in self?.renderAndTrack() }
    }
    if frame != lastFrame {
      lastFrame = frame
      write(frame)
    }
  }
}
