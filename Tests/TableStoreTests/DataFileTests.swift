import Testing
import Foundation
import TableStore

@Suite("Importing and exporting data files")
struct DataFileTests {
    static let statesPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <array>
          <dict><key>Name</key><string>Alabama</string><key>Capitol</key><string>Montgomery</string><key>Population</key><integer>4903185</integer></dict>
          <dict><key>Name</key><string>New York</string><key>Capitol</key><string>Albany</string><key>Population</key><integer>19453561</integer></dict>
        </array>
        </plist>
        """

    @Test("a property list like the guide's States.plist becomes a root list with keys made from names")
    func plist() throws {
        let document = try DataFileReader.plist(Data(Self.statesPlist.utf8), file: "States.plist", listName: "states")
        #expect(document.lists.map(\.name) == ["states"])
        let states = document.lists[0].items
        #expect(states.map(\.key) == ["alabama", "new-york"])
        #expect(states[1].attributes == ["Name": .string("New York"), "Capitol": .string("Albany"), "Population": .number(19_453_561)])
        // A key commented out, or held in CDATA, is no key of its dictionary.
        let commented = Self.statesPlist.replacingOccurrences(of: "<key>Name</key><string>Alabama</string>",
                                                              with: "<key>Name</key><string>Alabama</string><!-- <key>Name</key><dict> -->" +
                                                                    "<key>Note</key><string><![CDATA[<key>Name</key>]]></string>")
        #expect(try DataFileReader.plist(Data(commented.utf8), file: "States.plist", listName: "states").lists[0].items[0].attributes["Note"]
                    == .string("<key>Name</key>"))
    }

    @Test("JSON: objects of lists, nested lists, explicit keys, booleans kept apart from numbers")
    func json() throws {
        let text = #"{"regions": [{"key": "north", "name": "North", "open": true, "trails": [{"name": "Cascade Pass", "miles": 1}]}]}"#
        let document = try DataFileReader.json(Data(text.utf8), file: "trails.json")
        let north = document.lists[0].items[0]
        #expect(north.key == "north" && north.attributes["open"] == .bool(true))
        #expect(north.lists[0].name == "trails" && north.lists[0].items[0].key == "cascade-pass")
        #expect(north.lists[0].items[0].attributes["miles"] == .number(1))
    }

    @Test("generated keys stay unique across the whole document")
    func uniqueKeys() throws {
        let text = #"[{"name": "Springfield"}, {"name": "Springfield"}, {"name": "Springfield!"}]"#
        let document = try DataFileReader.json(Data(text.utf8), file: "towns.json", listName: "towns")
        #expect(document.lists[0].items.map(\.key) == ["springfield", "springfield-2", "springfield-3"])
    }

    @Test("CSV with quotes, commas and line breaks in fields, numbers and booleans recognised")
    func csv() throws {
        let text = "key,name,population,capital\nal,Alabama,4903185,false\nny,\"New York, \"\"The Empire State\"\"\",19453561,true\n\"va\",\"Virginia\nOld Dominion\",8535519,false\n"
        let document = try DataFileReader.csv(text, file: "states.csv", listName: "states")
        let items = document.lists[0].items
        #expect(items.map(\.key) == ["al", "ny", "va"])
        #expect(items[1].attributes["name"] == .string(#"New York, "The Empire State""#))
        #expect(items[1].attributes["capital"] == .bool(true))
        #expect(items[2].attributes["name"] == .string("Virginia\nOld Dominion"))
        #expect(items[0].attributes["population"] == .number(4_903_185))
    }

    @Test("CSV: a field is a number only when written as the number is written back; other text stays as it was typed")
    func csvNumbers() throws {
        let fields = ["42", "-3.5", "0", "0.25", "0.00001", "00501", "1.50", "1e3", "+5", "0x10", "-0", "NaN", "nan", "inf", "Infinity",
                      "12345678901234567", "7.", ".5", "-", "12 ", "1e-05"]
        let text = "\u{FEFF}key," + fields.indices.map { "c\($0)" }.joined(separator: ",") + "\nx," + fields.joined(separator: ",") + "\n"
        let row = try DataFileReader.csv(text, file: "values.csv", listName: "values").lists[0].items[0]
        // The byte order mark a spreadsheet writes is not part of the first column's name.
        #expect(row.key == "x" && row.attributes["\u{FEFF}key"] == nil)
        let values = fields.indices.map { row.attributes["c\($0)"] }
        #expect(values.prefix(5) == [.number(42), .number(-3.5), .number(0), .number(0.25), .number(0.00001)])
        #expect(Array(values.dropFirst(5)) == fields.dropFirst(5).map { .string($0) })
    }

    @Test("a direction override or isolate an imported text leaves open is ended at its end, as a form's field does; one it ends is kept")
    func openDirectionsEnded() throws {
        let text = #"[{"name": "\u202eRTL name", "note": "a\u2067b", "kept": "\u202bx\u202c y"}]"#
        let item = try DataFileReader.json(Data(text.utf8), file: "names.json", listName: "names").lists[0].items[0]
        #expect(item.attributes["name"] == .string("\u{202E}RTL name\u{202C}"))
        #expect(item.attributes["note"] == .string("a\u{2067}b\u{2069}"))
        #expect(item.attributes["kept"] == .string("\u{202B}x\u{202C} y"))
        let row = try DataFileReader.csv("name\n\u{202D}left to right\n", file: "names.csv", listName: "names").lists[0].items[0]
        #expect(row.attributes["name"] == .string("\u{202D}left to right\u{202C}"))
    }

    @Test("JSON: numbers are kept as written in any of JSON's spellings; one a Double would round is refused (see the errors)")
    func jsonNumbers() throws {
        let written = ["0.1", "1.50", "1e3", "-0", "0.30000000000000004", "1E-7", "9007199254740992", "5e-324"]
        let text = "[" + written.enumerated().map { #"{"key": "n\#($0.offset)", "size": \#($0.element)}"# }.joined(separator: ",") + "]"
        let items = try DataFileReader.json(Data(text.utf8), file: "sizes.json", listName: "sizes").lists[0].items
        #expect(items.map { $0.attributes["size"] } == written.map { .number(Double($0)!) })
    }

    @Test("a binary property list's integer a Double would round is refused at its key path, as an XML one is at its line")
    func binaryPlistDigits() throws {
        let list: [[String: Any]] = [["name": "A", "size": 9_007_199_254_740_993 as Int64], ["name": "B", "size": 0.1, "count": 12 as Int64]]
        let data = try PropertyListSerialization.data(fromPropertyList: list, format: .binary, options: 0)
        #expect(throws: StoreError.importFailed(file: "sizes.plist", location: "sizes[0].size",
                                                message: "the number 9007199254740993 has more digits than a number here keeps: "
                                                    + "it would be stored as 9007199254740992; write it as text to keep it as it is")) {
            try DataFileReader.plist(data, file: "sizes.plist")
        }
        let kept = try DataFileReader.plist(try PropertyListSerialization.data(fromPropertyList: [list[1]], format: .binary, options: 0), file: "sizes.plist")
        #expect(kept.lists[0].items[0].attributes["size"] == .number(0.1) && kept.lists[0].items[0].attributes["count"] == .number(12))
    }

    @Test("errors name the file, the line or key path, and what was expected", arguments: [
        ("bad.json", "{\n  \"a\": [1,\n  ,]\n}", "bad.json:3:3: invalid JSON"),
        // Two refusals the parser places nowhere are found at their line and column.
        ("huge.json", "[\n  {\"name\": \"x\", \"n\": 1e400}\n]",
         "huge.json:2:22: invalid JSON: the number 1e400 is beyond the largest a number can be; put it in quotes to keep it as text"),
        ("half.json", "[{\"name\": \"ok \\ud83d\\ude00\"},\n {\"name\": \"a\\ud800b\"}]",
         #"half.json:2:13: invalid JSON: the escape \ud800 is half of a UTF-16 surrogate pair, and its other half does not follow"#),
        ("low.json", #"[{"name": "\udc00"}]"#,
         #"low.json:1:12: invalid JSON: the escape \udc00 is half of a UTF-16 surrogate pair, and its other half does not follow"#),
        ("shape.json", #"{"regions": [{"name": "N", "trails": [3]}]}"#, "shape.json:regions[0].trails[0]: expected an item (an object)"),
        ("top.json", "42", "top.json: expected an object of lists or an array of items at the top level"),
        ("nested.json", #"[{"name": "x", "meta": {"a": 1}}]"#, "nested.json:nested[0].meta: expected text, a number, true/false or an array of items"),
        ("keys.json", #"[{"key": "a"}, {"key": "a"}]"#, #"keys.json:keys[1]: key "a" is used twice"#),
        ("badkey.json", #"[{"key": "no spaces"}]"#,
         #"badkey.json:badkey[0]: "no spaces" is not a valid key: use 1 to 200 of a-z, A-Z, 0-9, '-', '_' and '.', beginning with a letter or digit ("no-spaces", say)"#),
        ("accent.json", #"[{"key": "Caf\u00e9 au lait"}]"#, #"accent.json:accent[0]: "Café au lait" is not a valid key: "#),
        ("lists.json", #"{"regions": [{"name": "North", "trails.v2": [{"name": "A"}]}]}"#,
         #"lists.json:regions[0].trails.v2: the list name "trails.v2" holds '.', which a list's name cannot"#),
        ("a=b.csv", "name\nA\n", #"a=b.csv: the list name "a=b" holds '=', which a list's name cannot"#),
        // A root list named as an item's path would share that item's lists.
        ("paths.json", #"{"p": [{"key": "a", "c": [{"key": "k"}]}], "p/a/c": [{"key": "k", "s": [{"key": "two"}]}]}"#,
         #"paths.json:p/a/c: the list name "p/a/c" holds '/', which a list's name cannot: an item is known by the path of lists and keys that leads to it, joined by '/'"#),
        ("break.json", #"{"a\nb": [{"key": "k"}]}"#,
         #"break.json:a\u{A}b: the list name "a\u{A}b" holds '\u{A}', which a list's name cannot: a browser does not post it back as written"#),
        ("page.json", #"{"playlist": [{"key": "a"}, {"key": "Index.HTML"}]}"#,
         #"page.json:playlist[1]: "Index.HTML" cannot be a key: an export writes a file of that name beside the items' pages ("index-html", say)"#),
        ("accent.csv", "key\nCaf\u{E9} au lait\n", #"accent.csv:2: "Café au lait" is not a valid key: use 1 to 200 of a-z, A-Z, 0-9, '-', '_' and '.', beginning with a letter or digit ("cafe-au-lait", say)"#),
        ("rows.csv", "name,size\nA,1\nB\n", "rows.csv:3: expected 2 fields as in the header, found 1"),
        ("quote.csv", "name\n\"open\n", "quote.csv:2: a quoted field is never closed"),
        ("after.csv", "key,name\nk1,\"x\"\"y\"\nk2,\"x\"junk\n",
         "after.csv:3: text follows the closing quote of a quoted field; put the whole field in quotes, writing a quote inside it as \"\""),
        ("cut.json", "{\"l\": [\n  {\"key\": \"a\"", "cut.json:2:14: invalid JSON: Unexpected end of file"),
        ("empty.json", "", "empty.json:1:1: invalid JSON: Unexpected end of file"),
        ("comma.json", "{\"l\": [\n  {\"key\": \"a\", \"n\": 1},\n]}",
         "comma.json:2:23: invalid JSON: a comma just before ']'; JSON allows none after the last member or element"),
        ("member.json", "{\"l\": [{\"key\": \"a\", \"n\": 1,}]}",
         "member.json:1:27: invalid JSON: a comma just before '}'; JSON allows none after the last member or element"),
        // A comma before a last true, false or null is no trailing comma.
        ("literal.json", "{\"l\": [{\"key\": \"a\"}, null]}", "literal.json:l[1]: expected an item (an object)"),
        ("flag.json", "{\"l\": [{\"key\": \"a\", \"on\": true}, false]}", "flag.json:l[1]: expected an item (an object)"),
        ("dupe.csv", "name,name\n", "dupe.csv:1: column \"name\" is named twice"),
        ("broken.plist", "<plist><array><dict><key>a</key></array></plist>",
         "broken.plist:1: </array> closes <dict>, opened on line 1, which is still open"),
        ("mismatch.plist", "<plist>\n<array>\n<dict><key>name</key><string>A</string></dict>\n<dict><key>name</key><string>B</dict>\n</array></plist>",
         "mismatch.plist:4: </dict> closes <string>, opened on line 4, which is still open"),
        ("unclosed.plist", "<?xml version=\"1.0\"?>\n<plist>\n<array>\n<dict><key>name</key><string>A</string></dict>\n",
         "unclosed.plist:3: <array> opened on line 3 is never closed"),
        ("stray.plist", "<plist><array/></plist>\n</dict>", "stray.plist:2: </dict> closes no open tag"),
        ("escape.plist", "<plist><array>\n</arr\u{1B}ay></plist>", "escape.plist:2: </arr\u{FFFD}ay> closes <array>, opened on line 1, which is still open"),
        ("unknown.plist", "<plist><array>\n<dict><key>n</key>\n<foo>1</foo></dict></array></plist>", "unknown.plist:3: <foo> is not an element of a property list"),
        // Foundation names line 1 for any error of an XML property list: a value's place is its key path, and the line is left out.
        ("value.plist", "<plist><dict><key>fruit</key><array>\n<dict><key>name</key><string>A</string></dict>\n<dict><key>size</key><integer>big</integer></dict></array></dict></plist>",
         "value.plist:fruit[1].size: invalid property list: a value that cannot be read as text, a number, true/false or a date"),
        ("blob.plist", "<plist><array>\n<dict><key>photo</key><data>AAEC</data></dict></array></plist>",
         "blob.plist:blob[0].photo: invalid property list: binary data (<data>), which an item cannot hold; give it as text"),

        ("nul.csv", "name\nfine\nA\u{0}B\n", "nul.csv:3: the text holds the character U+0000, which a page cannot show; remove it"),
        ("piled.csv", "name\nfine\nK" + String(repeating: "\u{301}", count: 40) + "\n",
         "piled.csv:3: the text holds a character built of more than 32 code points (marks piled on one letter), which a row cannot show within its bounds; remove some of its marks"),
        ("ffff.json", "[{\"name\": \"x\\uffff\"}]", "ffff.json:ffff[0].name: the text holds the character U+FFFF"),
        ("escape.json", "[{\"name\": \"ok\", \"no\\u001bte\": 1}]", #"escape.json:escape[0].no\u{1B}te: the text holds the character U+001B"#),
        ("header.csv", "key,na\u{1}me\nd4,ok\n", "header.csv:1: the text holds the character U+0001"),
        ("numberkey.json", #"[{"key": 5, "name": "five"}]"#, "numberkey.json:numberkey[0].key: expected the item's key as text"),
        ("listkey.json", #"{"fruits": [{"key": [{"name": "x"}], "name": "A"}]}"#, "listkey.json:fruits[0].key: expected the item's key as text"),
        ("nan.plist", "<plist><array><dict><key>name</key><string>Nan</string><key>size</key><real>nan</real></dict></array></plist>",
         "nan.plist:nan[0].size: expected a finite number"),
        ("twice.plist", "<plist><array>\n<dict><key>name</key><string>A</string>\n<key>size</key><integer>1</integer><key>size</key><integer>2</integer></dict></array></plist>",
         #"twice.plist:3: the key "size" is in one dictionary twice; only one of its values could be kept"#),
        ("entity.plist", "<plist><dict><key>a&amp;b</key><array/>\n<key>a&#38;b</key><array/></dict></plist>", #"entity.plist:2: the key "a&b" is in one dictionary twice"#),
        ("deep.plist", "<plist>\n" + String(repeating: "<array>", count: 600) + String(repeating: "</array>", count: 600) + "</plist>",
         "deep.plist:2: arrays and dictionaries nest more than 512 deep here"),
        ("nameless.json", #"{"": [{"name": "A"}]}"#, "nameless.json: a list needs a name that is not empty"),
        // A number a Double would round: refused where it is, rather than imported as another.
        ("digits.plist", "<plist><array>\n<dict><key>name</key><string>A</string><key>size</key><integer>9007199254740993</integer></dict></array></plist>",
         "digits.plist:2: the number 9007199254740993 has more digits than a number here keeps: it would be stored as 9007199254740992; "
            + "write it as text (a <string>) to keep it as it is"),
        ("real.plist", "<plist><array><dict><key>size</key>\n\n<real> 0.1000000000000000000001 </real></dict></array></plist>",
         "real.plist:3: the number 0.1000000000000000000001 has more digits than a number here keeps: it would be stored as 0.1"),
        ("digits.json", #"{"fruit": [{"name": "A", "size": 9007199254740993}]}"#,
         "digits.json:fruit[0].size: the number 9007199254740993 has more digits than a number here keeps: it would be stored as 9007199254740992; "
            + "write it as text to keep it as it is"),
        ("twice.json", "[{\"name\": \"A\",\n  \"size\": 1, \"size\": 2}]", #"twice.json:2:14: "size" is named twice in one object; only one of its values could be kept"#),
        ("escaped.json", #"{"fruit": [{"name": "A", "meta": [], "n\u0061me": "B"}]}"#, #"escaped.json:1:38: "name" is named twice"#),
        ("pair.json", #"{"\ud83d\ude00": [], "😀": []}"#, #"pair.json:1:22: "😀" is named twice"#),
        // One name in two Unicode spellings, "é" as one character and as "e" with a combining accent: each shown by its code points.
        ("nfd.json", #"{"items": [{"key": "a", "caf\u00e9": 1, "cafe\u0301": 2}]}"#,
         "nfd.json:1:41: \"cafe\u{301}\" is named twice in one object, as \"caf\\u{E9}\" and as \"cafe\\u{301}\" (one name in Unicode, spelled two ways); only one of its values could be kept"),
        ("nfd.plist", "<plist><array>\n<dict><key>caf\u{E9}</key><string>A</string>\n<key>cafe\u{301}</key><string>B</string></dict></array></plist>",
         "nfd.plist:3: the key \"cafe\u{301}\" is in one dictionary twice, as \"caf\\u{E9}\" and as \"cafe\\u{301}\" (one name in Unicode, spelled two ways); only one"),
        ("nfd.csv", "caf\u{E9},name,cafe\u{301}\n", "nfd.csv:1: column \"cafe\u{301}\" is named twice, as \"caf\\u{E9}\" and as \"cafe\\u{301}\" (one name in Unicode, spelled two ways)"),
        ("lists.json", "{\"groc\\u0001eries\": [{\"key\": \"c5\", \"name\": \"ok\"}]}", #"lists.json:groc\u{1}eries: the text holds the character U+0001"#),
    ])
    func errors(file: String, text: String, message: String) {
        do {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = folder.appendingPathComponent(file).path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            _ = try DataFileReader.read(path: path)
            Issue.record("\(file) was accepted")
        } catch {
            let description = "\(error)".replacingOccurrences(of: FileManager.default.temporaryDirectory.path, with: "")
                .replacingOccurrences(of: #"/import-[0-9A-F-]+/"#, with: "", options: .regularExpression)
            #expect(description.hasPrefix(message), "\(description)")
        }
    }

    @Test("the checks of an XML plist's tags pass over what XML passes over, and leave UTF-16 to the decoder")
    func plistTagsChecked() throws {
        let items = "<dict><key>name</key><string>A <![CDATA[</string> <b>]]></string></dict>"
        let files = [
            "<?xml version=\"1.0\"?>\n<?render a><b> ?>\n<plist version=\"1.0\"><array>\(items)</array ></plist>",
            "<plist><!-- <dict> </array> --><array>\n<dict><key>t</key><true /></dict>\(items)</array></plist>",
            "<plist><array><dict><key><![CDATA[na</key>me]]></key><string>A <![CDATA[</string> <b>]]></string></dict></array></plist>",
        ]
        for text in files {
            let document = try DataFileReader.plist(Data(text.utf8), file: "fine.plist", listName: "fine")
            #expect(document.lists.first?.items.last?.attributes.values.contains(.string("A </string> <b>")) == true, "\(text)")
        }
        let wide = try #require("<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<plist><array>\(items)</array></plist>".data(using: .utf16))
        #expect(try DataFileReader.plist(wide, file: "wide.plist", listName: "wide").lists.first?.items.count == 1)
    }

    @Test("--list names an array's list; for a file whose lists are named by its fields it is refused, never ignored")
    func listNameForNamedLists() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = [
            ("named.json", #"{"fruits": [{"name": "Apple"}], "nuts": []}"#, "an object of lists (fruits, nuts), each named by its field"),
            ("named.plist", "<plist><dict><key>fruits</key><array><dict><key>name</key><string>Apple</string></dict></array></dict></plist>",
             "an object of lists (fruits), each named by its field"),
            ("empty.json", "{}", "an object, which holds no list at all"),
        ]
        for (file, text, what) in files {
            let path = folder.appendingPathComponent(file).path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            let error = #expect(throws: StoreError.self) { try DataFileReader.read(path: path, listName: "groceries") }
            #expect(error?.description == "\(path): --list \"groceries\" names the list an array of items becomes, but this file is \(what); "
                    + "leave out --list" + (file == "empty.json" ? "" : " to import its lists under their own names"))
        }
        // Without --list, the file's own names are taken.
        let named = folder.appendingPathComponent("named.json").path
        #expect(try DataFileReader.read(path: named).lists.map(\.name).sorted() == ["fruits", "nuts"])
        let array = folder.appendingPathComponent("array.json").path
        try Data(#"[{"name": "Apple"}]"#.utf8).write(to: URL(fileURLWithPath: array))
        #expect(try DataFileReader.read(path: array, listName: "groceries").lists.map(\.name) == ["groceries"])
    }

    @Test("keys made from names keep their letters, in Latin and without accents", arguments: [
        ("Åsa's Saga", "asas-saga"), ("Crème Brûlée", "creme-brulee"), ("Straße 5", "strasse-5"), ("Ærøskøbing", "aeroskobing"),
        ("東京", "dong-jing"), ("Москва", "moskva"), ("  New  York!  ", "new-york"), ("!!!", "item"), ("O’Brien", "obrien"),
        // Compatibility forms: a ligature, fullwidth letters, a digraph letter.
        ("\u{FB01}sh", "fish"), ("Ｍｉｌｋ", "milk"), ("\u{01C4}", "dz"),
    ])
    func slugs(name: String, key: String) {
        #expect(ItemKey.slug(name) == key)
        #expect(ItemKey.isValid(ItemKey.slug(name)))
    }

    @Test("a CSV file that is not UTF-8 is refused at the line where it stops being so")
    func notUTF8() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("latin1.csv").path
        try Data(Array("name\nCaf".utf8) + [0xE9] + Array("\n".utf8)).write(to: URL(fileURLWithPath: path))
        #expect(throws: StoreError.importFailed(file: path, location: "2", message: "the file is not valid UTF-8 here; save it as UTF-8")) {
            try DataFileReader.read(path: path)
        }
    }

    /// A binary property list of arrays each holding the next, `depth` of them, the innermost
    /// empty; with `loop`, the innermost holds the outermost instead.
    static func nestedBinaryPlist(depth: Int, loop: Bool = false) -> Data {
        func bigEndian(_ value: Int, _ size: Int) -> [UInt8] { (0..<size).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) } }
        var bytes = Array("bplist00".utf8), offsets: [Int] = []
        for index in 0..<depth {
            offsets.append(bytes.count)
            // An array of one (0xA1) and its member's reference, or an empty one (0xA0).
            let next = index + 1 < depth ? index + 1 : (loop ? 0 : nil)
            bytes += next.map { [0xA1] + bigEndian($0, 4) } ?? [0xA0]
        }
        let table = bytes.count
        for offset in offsets { bytes += bigEndian(offset, 4) }
        // The trailer: offsets and references of four bytes, the count, the top object, the table.
        bytes += [0, 0, 0, 0, 0, 0, 4, 4] + bigEndian(depth, 8) + bigEndian(0, 8) + bigEndian(table, 8)
        return Data(bytes)
    }

    @Test("a binary property list nested too deep, or holding itself, is refused rather than crashing the import")
    func deepBinaryPlists() throws {
        // The same writer's shallow list is one Foundation reads: the deep ones are well formed.
        #expect(try PropertyListSerialization.propertyList(from: Self.nestedBinaryPlist(depth: 20), format: nil) is [Any])
        for (depth, loop) in [(513, false), (100_000, false), (3, true)] {
            #expect(throws: StoreError.importFailed(file: "deep.plist", location: "",
                                                    message: "arrays and dictionaries nest more than 512 deep, or hold themselves")) {
                try DataFileReader.plist(Self.nestedBinaryPlist(depth: depth, loop: loop), file: "deep.plist", listName: "deep")
            }
        }
        // 512 deep passes the check and reaches the reader's own rules (arrays of arrays are no
        // items); a real list still reads.
        let shallow = #expect(throws: StoreError.self) { try DataFileReader.plist(Self.nestedBinaryPlist(depth: 512), file: "ok.plist", listName: "ok") }
        #expect(shallow?.description.contains("expected an item") == true, "\(String(describing: shallow))")
        let states = try PropertyListSerialization.data(fromPropertyList: PropertyListSerialization.propertyList(from: Data(Self.statesPlist.utf8), format: nil),
                                                        format: .binary, options: 0)
        #expect(try DataFileReader.plist(states, file: "States.plist", listName: "states").lists[0].items.map(\.key) == ["alabama", "new-york"])
    }

    @Test("Foundation's own words for an XML property list keep no line, which is line 1 wherever the error is")
    func plistErrorWithoutItsLine() throws {
        let text = "<plist><array>\n<dict><key>name</key>\n<string>a &bogus; b</string></dict></array></plist>"
        #expect(throws: StoreError.importFailed(file: "amp.plist", location: "", message: "invalid property list: Encountered unknown ampersand-escape sequence")) {
            try DataFileReader.plist(Data(text.utf8), file: "amp.plist")
        }
    }

    @Test("a binary property list cut short is refused as one, not read as an old-style text list")
    func binaryPlistCutShort() throws {
        let states = try PropertyListSerialization.data(fromPropertyList: PropertyListSerialization.propertyList(from: Data(Self.statesPlist.utf8), format: nil),
                                                        format: .binary, options: 0)
        for cut in [Data("bplist00".utf8), Data("bplist00 = x;".utf8), states.dropLast(1), states.prefix(40)] {
            #expect(throws: StoreError.importFailed(file: "cut.plist", location: "", message: "the file begins as a binary property list but is not a whole one "
                                                        + "(\(cut.count) bytes, its trailer cut short or damaged)")) {
                try DataFileReader.plist(cut, file: "cut.plist", listName: "cut")
            }
        }
    }

    @Test("exported JSON reads back as the same document")
    func exportRoundTrip() throws {
        let json = DataFileWriter.json(.trails)
        #expect(json.contains(#""key": "cascade-pass""#))
        let document = try DataFileReader.json(Data(json.utf8), file: "export.json")
        #expect(document == .trails)
    }
}
