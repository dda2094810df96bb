import Testing
import TableKit

/// The name offered for one that is not there ("did you mean …?").
@Suite("The nearest name")
struct NearestNameTests {
    @Test("one or two letters changed, added, dropped or swapped, in any case, find the name")
    func close() {
        let keys = ["title", "style", "sections", "allowsMultipleSelection"]
        #expect(NearestName.of("tittle", among: keys) == "title")
        #expect(NearestName.of("titel", among: keys) == "title", "a swap of neighbours is one edit")
        #expect(NearestName.of("Title", among: keys) == "title")
        #expect(NearestName.of("sectoins", among: keys) == "sections")
        #expect(NearestName.of("allowsMultipleSelections", among: keys) == "allowsMultipleSelection")
    }

    @Test("too far, short and far, equally near two names, or nothing written: no name")
    func none() {
        #expect(NearestName.of("colour", among: ["title", "style"]) == nil)
        #expect(NearestName.of("stl", among: ["style"]) == nil, "a short name is allowed one edit")
        #expect(NearestName.of("value3", among: ["value1", "value2"]) == nil, "two equally near: none")
        #expect(NearestName.of("x", among: ["a", "y"]) == nil, "one letter: no edit is fewer than its letters")
        #expect(NearestName.of("", among: ["a"]) == nil)
        #expect(NearestName.hint("tilte", among: ["title"]) == #", did you mean "title"?"#)
        #expect(NearestName.hint("zzz", among: ["title"]) == "")
    }
}
