import TableRender
import Testing
import TestSupport
@testable import TableServer

@Suite("Form bodies")
struct FormBodyTests {
    @Test("fields are split at & and the first =, decoded strictly; a name given twice is refused")
    func fields() throws {
        let form = try FormBody("csrf=a%2Bb&name=New+Item&empty=&flag&&name2=x%3Dy=z")
        #expect(form["csrf"] == "a+b" && form["name"] == "New Item" && form["empty"] == "" && form["flag"] == "")
        #expect(form["name2"] == "x=y=z")
        let twice = #expect(throws: ServerError.self) { try FormBody("key=milk&csrf=t&key=eggs") }
        #expect(twice?.description.contains("the form names \"key\" twice, so which value is meant cannot be told; nothing was changed") == true, "\(String(describing: twice))")
        #expect(throws: ServerError.self) { try FormBody("a=1&a=1") }
        #expect(throws: ServerError.self) { try FormBody("a+b=1&a%20b=2") }
        // Rows with one key (a data source's) post their switch or slider twice; the last is kept.
        #expect(try FormBody("on-x=on&value-x=1&on-x=&value-x=2&key=y").fields == ["on-x": "", "value-x": "2", "key": "y"])
        #expect(throws: ServerError.self) { try FormBody("a=%zz") }
        #expect(throws: ServerError.self) { try FormBody("a=%C3") }
    }

    @Test("a move's neighbour comes from the button's address or the body, never both; other names of the address are not read")
    func neighbourFromTheAddress() throws {
        let names = MoveNeighbourFields.names
        #expect(try FormBody("key=milk", query: "past=eggs&key=bread", taking: names).fields == ["key": "milk", "past": "eggs"])
        #expect(try FormBody("key=milk&past=eggs", query: nil, taking: names).fields == ["key": "milk", "past": "eggs"])
        let both = #expect(throws: ServerError.self) { try FormBody("key=milk&past=eggs", query: "past=bread", taking: names) }
        #expect(both?.description.contains("the form names \"past\" both in its address and in its body; send it once") == true, "\(String(describing: both))")
    }

    @Test("splitting at bytes reads forms as splitting at characters did")
    func sameAsBefore() {
        var generator = SeededGenerator(seed: 8)
        let pieces = ["a", "b", "=", "&", "+", "%41", "%", "%C3%A9", "é", "%26", "%3D", " "]
        for _ in 0..<10_000 {
            let text = (0..<Int.random(in: 0...10, using: &generator)).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &generator)] }.joined()
            let new = try? FormBody(text), old = try? Self.characterSplit(text)
            #expect(new?.fields == old, "\(text)")
        }
    }

    /// How `FormBody` read a form before it split at bytes (and refused a name given twice).
    static func characterSplit(_ text: String) throws -> [String: String] {
        var fields: [String: String] = [:]
        struct Malformed: Error {}
        func decode(_ part: Substring) throws -> String {
            guard let decoded = part.removingPercentEncodingStrictly(plusIsSpace: true) else { throw Malformed() }
            return decoded
        }
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try decode(parts[0])
            guard fields.updateValue(parts.count > 1 ? try decode(parts[1]) : "", forKey: name) == nil
                    || name.hasPrefix("on-") || name.hasPrefix("value-") else { throw Malformed() }
        }
        return fields
    }
}
