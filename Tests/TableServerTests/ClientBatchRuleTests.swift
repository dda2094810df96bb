import Foundation
import Testing
import TableStore

/// The JSON batch endpoint holds each operation to the rules of the form that does the same
/// thing; any operation that breaks one refuses the whole batch, by number, and changes nothing.
@Suite("Client batches follow the scene's rules")
struct ClientBatchRuleTests {
    /// Posts `operations` to `path`'s batch endpoint with the page's tokens; returns the status
    /// and the message of a refusal.
    static func post(_ operations: String, to path: String, browser: Browser) async throws -> (status: Int, message: String) {
        let page = try await browser.get(path)
        let (csrf, revision) = browser.tokens(of: page)
        let body = #"{"csrf": "\#(csrf)", "revision": "\#(revision)", "operations": [\#(operations)]}"#
        let response = try await browser.post(path + "_/batch", body: body, contentType: "application/json", accept: "application/json")
        let json = try? JSONSerialization.jsonObject(with: Data(response.html.utf8)) as? [String: Any]
        return (response.status, json?["error"] as? String ?? "")
    }

    /// Every row text of `path`'s JSON twin.
    static func rows(_ path: String, browser: Browser) async throws -> [String] {
        let json = try JSONSerialization.jsonObject(with: Data(try await browser.get(path, accept: "application/json").html.utf8)) as? [String: Any]
        return ((json?["sections"] as? [[String: Any]]) ?? []).flatMap { ($0["rows"] as? [[String: Any]]) ?? [] }.compactMap { $0["text"] as? String }
    }

    /// A list whose first row is fixed and whose last stays last (Listings 8-1 and 8-3), taking batches.
    static let ruledList = """
        title: Steps
        root: steps
        scenes:
          steps:
            title: Steps
            list: steps
            cell: { text: "{name}" }
            editing: { rows: delete }
            moves: { fixedFirstRows: 1, reservedLastRows: 1 }
            batchEditing: true
            add:
              fields:
                - { attribute: name, label: Name, type: text, required: true }
        """

    @Test("a batch's move is judged where the batch puts the row, among the rows that stay: inserts and deletes around it cannot carry it past a fixed or reserved row",
          arguments: [
            // The same move alone: refused, and allowed one place up.
            (#"{"op": "move", "from": "0.1", "to": "0.4"}"#, "the list's rules put row 0.1 at 0.3, not 0.4"),
            // An insert at the top makes 0.5 the place after Last: still past the reserved row.
            (#"{"op": "insert", "rows": ["0.0"], "items": [{"name": "X"}]}, {"op": "move", "from": "0.1", "to": "0.5"}"#,
             "the list's rules do not let row 0.1 stand at 0.5 after the batch: just after row 0.4 of the list as it is, they put it at 0.3"),
            // A delete above makes 0.3 the place after Last.
            (#"{"op": "delete", "rows": ["0.2"]}, {"op": "move", "from": "0.1", "to": "0.3"}"#,
             "the list's rules do not let row 0.1 stand at 0.3 after the batch: just after row 0.4 of the list as it is, they put it at 0.3"),
            // Above the fixed first row, with a row inserted below it.
            (#"{"op": "insert", "rows": ["0.2"], "items": [{"name": "X"}]}, {"op": "move", "from": "0.2", "to": "0.0"}"#,
             "the list's rules put row 0.2 at 0.1, not 0.0"),
          ])
    func movesJudgedAfterTheBatch(operations: String, message: String) async throws {
        let items = ["First", "B", "C", "D", "Last"].map { DataDocument.Item(key: $0.lowercased(), attributes: ["name": .string($0)]) }
        let app = try await ServedApp(Self.ruledList, DataDocument(lists: [("steps", items)]))
        defer { app.remove() }
        try await app.browse { browser in
            let refused = try await Self.post(operations, to: "/", browser: browser)
            #expect(refused.status == 422 && refused.message.hasSuffix(message + "."), "\(refused)")
            #expect(try await Self.rows("/", browser: browser) == ["First", "B", "C", "D", "Last"], "nothing was applied")
            // Where the rules allow it, the same shape of batch is made.
            let made = try await Self.post(#"{"op": "insert", "rows": ["0.0"], "items": [{"name": "X"}]}, {"op": "move", "from": "0.1", "to": "0.4"}"#,
                                           to: "/", browser: browser)
            #expect(made.status == 200, "\(made)")
            #expect(try await Self.rows("/", browser: browser) == ["X", "First", "C", "D", "B", "Last"])
        }
    }

    @Test("in sections that are an attribute's values, a batch is refused for what the values decide: their order, and a new row's own value")
    func sectionsByValue() async throws {
        let yaml = """
            title: Packing
            root: packing
            scenes:
              packing:
                title: Packing
                style: grouped
                list: packing
                sectionBy: bag
                sectionOrder: [Carry-on, Checked, Daypack]
                cell: { text: "{name}" }
                editing: { rows: delete }
                batchEditing: true
                add:
                  fields:
                    - { attribute: name, label: Name, type: text, required: true }
                    - { attribute: bag, label: Bag, type: choice, choices: [Carry-on, Checked, Daypack], default: Carry-on }
            """
        let items = [("Passport", "Carry-on"), ("Boots", "Checked"), ("Jacket", "Checked"), ("Map", "Daypack"), ("Water", "Daypack"), ("Snack", "Daypack")]
            .map { DataDocument.Item(key: $0.0.lowercased(), attributes: ["name": .string($0.0), "bag": .string($0.1)]) }
        let app = try await ServedApp(yaml, DataDocument(lists: [("packing", items)]))
        defer { app.remove() }
        try await app.browse { browser in
            let shown = try await Self.rows("/", browser: browser)
            let moved = try await Self.post(#"{"op": "moveSection", "from": 2, "to": 0}"#, to: "/", browser: browser)
            #expect(moved.status == 422 && moved.message.contains(#"The sections of "Packing" are the values of bag, Carry-on, Checked, Daypack first: section 0 would be"#),
                    "\(moved)")
            // A new row that names another bag than its section's: refused, not stored in the section's bag without a word.
            let contradicting = try await Self.post(#"{"op": "insert", "rows": ["1.0"], "items": [{"name": "Kettle", "bag": "Daypack"}]}"#, to: "/", browser: browser)
            #expect(contradicting.status == 422 && contradicting.message.contains(#"the new row gives bag "Daypack", but its section 1 is bag "Checked""#),
                    "\(contradicting)")
            #expect(try await Self.rows("/", browser: browser) == shown, "nothing was applied")
            // Naming its section's bag, or none (the Add form's default is not the client's word): made, in that bag.
            let agreeing = try await Self.post(#"{"op": "insert", "rows": ["1.0", "1.1"], "items": [{"name": "Kettle", "bag": "Checked"}, {"name": "Towel"}]}"#,
                                               to: "/", browser: browser)
            #expect(agreeing.status == 200, "\(agreeing)")
            #expect(try await app.store.item("kettle", in: .root("packing"))?["bag"] == .string("Checked"))
            #expect(try await app.store.item("towel", in: .root("packing"))?["bag"] == .string("Checked"))
        }
    }

    @Test("scenes that take no batches refuse the endpoint: a read-only list, a selection list")
    func scenesWithoutBatches() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let regions = try await Self.rows("/trails/", browser: browser)
            let trails = try await Self.rows("/trails/north-cascades/", browser: browser)
            let delete = try await Self.post(#"{"op": "delete", "rows": ["0.0"]}"#, to: "/trails/", browser: browser)
            #expect(delete.status == 422 && delete.message.contains("does not take batch updates"))
            let regionDelete = try await Self.post(#"{"op": "delete", "rows": ["0.0"]}"#, to: "/trails/", browser: browser)
            #expect(regionDelete.status == 422)
            #expect(try await Self.rows("/trails/", browser: browser) == regions)
            #expect(try await Self.rows("/trails/north-cascades/", browser: browser) == trails, "the region's trails are all there")
            let toppings = try await Self.rows("/toppings/", browser: browser)
            let emptied = try await Self.post(#"{"op": "deleteSections", "sections": [0]}"#, to: "/toppings/", browser: browser)
            #expect(emptied.status == 422 && emptied.message.contains("does not take batch updates"))
            #expect(try await Self.rows("/toppings/", browser: browser) == toppings)
        }
    }

    @Test("each operation is checked like its form: moves, sections, controls, fields, attributes", arguments: [
        (#"{"op": "deleteSections", "sections": [0]}"#, "Operation 1 (deleteSections 0): \"Groceries\" is one list of rows"),
        (#"{"op": "delete", "rows": ["0.3"]}"#, "Operation 1 (delete 0.3): row 0.3 shows no delete control"),
        (#"{"op": "delete", "rows": ["0.9"]}"#, "Operation 1 (delete 0.9): row 0.9 does not exist in the list before the batch"),
        (#"{"op": "insert", "rows": ["0.0"], "items": [{"name": "\#(String(repeating: "x", count: 5_000))", "quantity": "1"}]}"#,
         "Operation 1 (insert 0.0): Name is longer than 60 characters."),
        (#"{"op": "insert", "rows": ["0.0"], "items": [{"name": "Tea", "quantity": "not a number"}]}"#,
         "Operation 1 (insert 0.0): Quantity must be a number."),
        (#"{"op": "insert", "rows": ["0.0"], "items": [{"name": "T\u0000a", "quantity": "1"}]}"#,
         "Operation 1 (insert 0.0): Name cannot hold the character U+0000"),
        (#"{"op": "insert", "rows": ["0.0"], "items": [{"name": "T\u001ba", "quantity": "1"}]}"#,
         "Operation 1 (insert 0.0): Name cannot hold the character U+001B"),
        (#"{"op": "insert", "rows": ["0.0"], "items": [{"name": "Tea", "quantity": "1", "onclick": "x"}]}"#,
         "Operation 1 (insert 0.0): unknown attribute \"onclick\" (the rows have name, quantity)"),
        (#"{"op": "reload", "rows": ["0.1"], "items": [{"quantity": "1000"}]}"#, "Operation 1 (reload 0.1): Quantity must be at most 99."),
        // A JSON number is judged by its own digits, as typed text is, not as the Double it rounds to.
        (#"{"op": "reload", "rows": ["0.1"], "items": [{"quantity": 1.00000000000000000001}]}"#,
         "Operation 1 (reload 0.1): Quantity has more digits than a number here keeps: it would be stored as 1."),
        (#"{"op": "reload", "rows": ["0.1"], "items": [{"quantity": 99.000000000000001}]}"#,
         "Operation 1 (reload 0.1): Quantity has more digits than a number here keeps: it would be stored as 99."),
        (#"{"op": "reload", "rows": ["0.1"], "items": [{"quantity": "1e-400"}]}"#,
         "Operation 1 (reload 0.1): Quantity is too close to zero to keep: it would be stored as 0."),
        (#"{"op": "insert", "rows": ["0.0"], "items": [{"name": "Tea", "quantity": "0x10"}]}"#,
         "Operation 1 (insert 0.0): Quantity must be a number."),
        (#"{"op": "delete", "rows": ["0.0"]}, {"op": "insert", "rows": ["0.0"], "items": [{"color": "red"}]}"#,
         "Operation 2 (insert 0.0): unknown attribute \"color\""),
    ])
    func refusedOperations(operations: String, message: String) async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let before = try await Self.rows("/groceries/", browser: browser)
            let refused = try await Self.post(operations, to: "/groceries/", browser: browser)
            #expect(refused.status == 422)
            #expect(refused.message.hasPrefix(message), "\(refused.message)")
            #expect(try await Self.rows("/groceries/", browser: browser) == before, "nothing changed")
        }
    }

    @Test("a move in a batch is refused where the scene has no move rules, as its rows show no reorder control")
    func movesNeedMoveRules() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let before = try await Self.rows("/batch-update/", browser: browser)
            let refused = try await Self.post(#"{"op": "move", "from": "0.0", "to": "0.2"}"#, to: "/batch-update/", browser: browser)
            #expect(refused.status == 422)
            #expect(refused.message == "Operation 1 (move 0.0 to 0.2): \"Batch Update\" does not reorder its rows.")
            #expect(try await Self.rows("/batch-update/", browser: browser) == before)
        }
    }

    @Test("a batch that keeps every rule is applied: deletions, insertions and reloads, values typed")
    func acceptedBatch() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let accepted = try await Self.post("""
                {"op": "delete", "rows": ["0.0"]}, {"op": "insert", "rows": ["0.0", "0.1"], "items": [{"name": "Tea", "quantity": "3"}, {"name": "Jam", "quantity": 12}]}
                """, to: "/groceries/", browser: browser)
            #expect(accepted.status == 200)
            #expect(try await Self.rows("/groceries/", browser: browser) == ["Tea", "Jam", "Eggs", "Bread", "Butter"])
            let json = try JSONSerialization.jsonObject(with: Data(try await browser.get("/groceries/", accept: "application/json").html.utf8)) as? [String: Any]
            let details = ((json?["sections"] as? [[String: Any]])?.first?["rows"] as? [[String: Any]])?.compactMap { $0["detailText"] as? String }
            #expect(details?.prefix(2) == ["3", "12"], "numbers, given as text or as JSON numbers, are validated and stored as numbers")
        }
    }

    @Test("the batch is read strictly: unknown keys, rows with leading zeros, wrong types and oversized batches are refused", arguments: [
        (#""operations": [{"op": "delete", "rows": ["0.0"]}], "colour": "red""#, 400, "colour: unknown key"),
        (#""operations": [{"op": "delete", "rows": ["0.0"], "when": "now"}]"#, 400, "operations[0].when: unknown key"),
        (#""operations": [{"op": "delete", "rows": ["0.01"]}]"#, 400, "is not a row (expected section.row)"),
        (#""operations": [{"op": "insert", "rows": ["0.0"], "items": [{"name": ["Tea"]}]}]"#, 400, "wrong type"),
        (#""operations": [{"op": "reload", "rows": ["0.1"], "items": [{"quantity": 1e400}]}]"#, 400,
         "operations[0].items[0].quantity: a number too large, or too close to zero, to keep"),
        (#""operations": [{"op": "reload", "rows": ["0.1"], "items": [{"quantity": 1e-400}]}]"#, 400,
         "operations[0].items[0].quantity: a number too large, or too close to zero, to keep"),
        (#""operations": [{"op": "delete", "rows": [\#((0..<10_001).map { "\"0.\($0)\"" }.joined(separator: ","))]}]"#, 413,
         "batch names 10001 rows and sections; at most 10000 go in one batch"),
    ])
    func strictReading(body: String, status: Int, message: String) async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let page = try await browser.get("/groceries/")
            let (csrf, revision) = browser.tokens(of: page)
            let response = try await browser.post("/groceries/_/batch", body: #"{"csrf": "\#(csrf)", "revision": "\#(revision)", \#(body)}"#,
                                                  contentType: "application/json", accept: "application/json")
            #expect(response.status == status)
            #expect(response.html.contains(message), "\(response.html.prefix(300))")
            #expect(try await Self.rows("/groceries/", browser: browser) == ["Milk", "Eggs", "Bread", "Butter"])
        }
    }

    @Test("two thousand insertions of one name get two thousand keys in one batch")
    func manyInsertionsOfOneName() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let rows = (0..<2_000).map { "\"0.\($0)\"" }.joined(separator: ",")
            let items = Array(repeating: #"{"name": "Tea", "quantity": "1"}"#, count: 2_000).joined(separator: ",")
            let accepted = try await Self.post(#"{"op": "insert", "rows": [\#(rows)], "items": [\#(items)]}"#, to: "/groceries/", browser: browser)
            #expect(accepted.status == 200)
            let json = try JSONSerialization.jsonObject(with: Data(try await browser.get("/groceries/", accept: "application/json").html.utf8)) as? [String: Any]
            let keys = ((json?["sections"] as? [[String: Any]])?.first?["rows"] as? [[String: Any]])?.compactMap { $0["key"] as? String } ?? []
            #expect(keys.count == 2_004 && Set(keys).count == 2_004)
            #expect(keys.prefix(3) == ["tea", "tea-2", "tea-3"])
        }
    }
}
