import Airframe
import Synchronization

/// A per-notebook context, as `NoteStore.shared(for:)` hands out.
final class NotebookContext: Sendable {
  let name: String
  init(name: String) { self.name = name }
}

let perKeyContexts = PerKey<String, NotebookContext> { NotebookContext(name: $0) }

@inline(never)
func readPerKey(_ key: String) -> NotebookContext {
  perKeyContexts.shared(for: key)
}

/// What one writes by hand for per-key instances: a dictionary under a lock.
final class HandKeyedContexts: Sendable {
  private let contexts = Mutex<[String: NotebookContext]>([:])

  func context(for key: String) -> NotebookContext {
    contexts.withLock { contexts in
      if let existing = contexts[key] { return existing }
      let made = NotebookContext(name: key)
      contexts[key] = made
      return made
    }
  }
}

let handKeyedContexts = HandKeyedContexts()

@inline(never)
func readHandKeyed(_ key: String) -> NotebookContext {
  handKeyedContexts.context(for: key)
}

/// A module's configuration, as `SyncConfig` is.
struct BenchConfig: Sendable {
  let identity: Int
  let directory: String
}

let configuredGlobal: Configured<BenchConfig> = {
  let global = Configured<BenchConfig>()
  global.configure(BenchConfig(identity: 7, directory: "/tmp/notes"))
  return global
}()

/// The baseline: a constant global, initialized on first use.
let constantConfig = BenchConfig(identity: 7, directory: "/tmp/notes")

@inline(never)
func readConfigured() -> BenchConfig {
  configuredGlobal.value
}

@inline(never)
func readConstant() -> BenchConfig {
  constantConfig
}
