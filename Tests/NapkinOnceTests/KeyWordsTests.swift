import NapkinOnce
import Testing

/// Which key comparison this build runs: a key's two 64-bit words where a `String` has them, its
/// characters alone where it does not (32-bit platforms, and `.ci/run keys32`, which builds that
/// branch here with `-DNAPKIN_KEYS_WITHOUT_WORDS` and runs every test against it).
@Suite struct KeyWordsTests {
  #if NAPKIN_KEYS_WITHOUT_WORDS || !_pointerBitWidth(_64)
    @Test func aKeyHasNoWordsSoKeysCompareByTheirCharactersOnly() {
      #expect(KeyIdentity("HomeComponent.homeAnalytics") == nil)
    }
  #else
    @Test func aKeyReadTwiceHasTheSameWordsAndAnotherKeyOtherWords() {
      let key = "HomeComponent.homeAnalytics"
      #expect(KeyIdentity(key) != nil)
      #expect(KeyIdentity(key) == KeyIdentity(key))
      #expect(KeyIdentity(key) != KeyIdentity("HomeComponent.requestBuilder"))
    }
  #endif
}
