/// How the three example programs end: one convention for all of them.
///
/// ```swift
/// exit(await ShopRunner(...).run(arguments).rawValue)
/// ```
///
/// Threading: a value type; `Sendable`.
public nonisolated enum ExitCode: Int32, Sendable {
  /// The command did what it was asked.
  case success = 0
  /// The command failed (a server, a file, the output that could not be written), and said why
  /// on standard error.
  case failure = 1
  /// The command line cannot run (`EX_USAGE` of `sysexits.h`), and the program said why.
  case usage = 64

  /// The status once the output is known: a lost output turns success into failure, so that a
  /// script never takes missing output for success.
  public func afterOutput(lost: Bool) -> ExitCode {
    lost && self == .success ? .failure : self
  }

  /// The status of a program whose output was lost: ``failure``, said on standard error as
  /// `"PROGRAM: could not write the output: REASON."`, except when the reader left on purpose
  /// (`| head -1`), which needs no explanation.
  public static func outputLost(_ error: OutputLost, program: String) -> ExitCode {
    if !error.isBrokenPipe {
      try? StandardStream.error.write("\(program): \(error).\n")
    }
    return .failure
  }
}
