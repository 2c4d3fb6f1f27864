import SwiftDiagnostics
import SwiftParserDiagnostics
import SwiftSyntax

/// The first syntax errors of a file, in bounded time.
///
/// `ParseDiagnosticsGenerator` takes time that grows with the square of the errors in the tree
/// it is given: 2,000 broken lines take 0.5 s, 20,000 take 30 s. So it is given one piece of the
/// file at a time (a top-level statement or declaration, or a member of a top-level type), and
/// stops once ``reportedPerFile`` errors are found; the rest is summed up in one line.
enum SyntaxErrors {
  static let reportedPerFile = 20

  static func problems(
    in tree: SourceFileSyntax,
    path: String,
    converter: SourceLocationConverter
  ) -> [InputProblem] {
    guard tree.hasError else { return [] }
    var problems: [InputProblem] = []
    var unread = 0
    for piece in pieces(of: tree) {
      guard problems.count < reportedPerFile else {
        unread += 1
        continue
      }
      for diagnostic in ParseDiagnosticsGenerator.diagnostics(for: piece)
      where diagnostic.diagMessage.severity == .error {
        guard problems.count < reportedPerFile else {
          unread += 1
          break
        }
        let location = diagnostic.location(converter: converter)
        problems.append(
          InputProblem(
            location: "\(path):\(location.line):\(location.column)",
            message: "syntax error: \(diagnostic.message) (the rest of the file is still analysed)"
          ))
      }
    }
    if unread > 0 {
      problems.append(
        InputProblem(
          location: path,
          message: "more syntax errors in \(unread) more place\(unread == 1 ? "" : "s") are not "
            + "listed; fix the first \(reportedPerFile) and run napkin again"))
    }
    return problems
  }

  /// The parts of `tree` that hold errors, each small enough to diagnose alone.
  private static func pieces(of tree: SourceFileSyntax) -> [Syntax] {
    var pieces: [Syntax] = []
    for item in tree.statements where item.hasError {
      guard let group = item.item.asProtocol((any DeclGroupSyntax).self),
        !errorOutsideMembers(group)
      else {
        pieces.append(Syntax(item))
        continue
      }
      for member in group.memberBlock.members where member.hasError {
        pieces.append(Syntax(member))
      }
    }
    for child in tree.children(viewMode: .all)
    where child.hasError && child.id != tree.statements.id {
      pieces.append(child)
    }
    return pieces
  }

  /// Whether a type's errors lie outside its members (its name, inheritance, braces).
  private static func errorOutsideMembers(_ group: some DeclGroupSyntax) -> Bool {
    let block = group.memberBlock
    let header = Syntax(group).children(viewMode: .all).contains {
      $0.id != block.id && $0.hasError
    }
    let braces = Syntax(block).children(viewMode: .all).contains {
      $0.id != block.members.id && $0.hasError
    }
    return header || braces
  }
}
