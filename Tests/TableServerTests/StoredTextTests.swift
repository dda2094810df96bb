import Foundation
import HTTPTypes
import Testing
import TableKit
import TableRender
import TableStore

/// What people type and what is stored can never spoil a page: characters XML cannot hold are
/// refused at the forms and come out as U+FFFD when already stored; bytes that are not UTF-8
/// are refused; a notice naming a huge item stays a small cookie.
@Suite("Stored text and what pages make of it")
struct StoredTextTests {
    @Test("U+FFFF through the Add form is refused, and the form comes back without it, well-formed")
    func addFormRefusesNoncharacters() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let sheet = try await browser.get("/groceries/?add=1")
            let (csrf, revision) = browser.tokens(of: sheet)
            let refused = try await browser.post("/groceries/_/add", [("csrf", csrf), ("revision", revision),
                                                                     ("name", "Tea\u{FFFF}\u{1B}"), ("quantity", "2")])
            #expect(refused.status == 422)
            #expect(refused.text.contains("Name cannot hold the character U+FFFF"))
            #expect(!refused.html.unicodeScalars.contains { !DocumentText.isAllowed($0) }, "no raw U+FFFF or ESC copied into the form")
            #expect(LibXML.parse(refused.html, file: "refused").diagnostics.isEmpty)
            #expect(refused.field("name") == "Tea\u{FFFD}\u{FFFD}", "what was typed is shown, its bad characters replaced")
            #expect(try await browser.get("/groceries/").rowTexts == ["Milk", "Eggs", "Bread", "Butter"])
            // A tab pasted from a spreadsheet's cell is a space; a line break in a one-line box is refused.
            let pasted = try await browser.post("/groceries/_/add", [("csrf", csrf), ("revision", revision), ("name", "Green\tTea\t"), ("quantity", "2")])
            #expect(pasted.status == 200 && pasted.rowTexts.last == "Green Tea", "\(pasted.status) \(pasted.rowTexts)")
            for (name, scalar) in [("Green\nTea", "U+000A"), ("Green\u{2028}Tea", "U+2028"), ("Green\u{2029}Tea", "U+2029")] {
                let broken = try await browser.post("/groceries/_/add", [("csrf", csrf), ("revision", revision), ("name", name), ("quantity", "2")])
                #expect(broken.status == 422 && broken.text.contains("Name cannot hold the character \(scalar)"), "\(broken.text.prefix(200))")
            }
        }
    }

    @Test("NUL and U+FFFF already stored reach neither the page nor its JSON twin")
    func storedCharactersAreReplaced() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        let list = ListID.root("groceries")
        try await demo.store.apply([.update(key: "milk", attributes: ["name": .string("Mi\u{0}lk\u{FFFF}"), "quantity": .string("\u{1B}")])],
                                   to: list, basedOn: try await demo.store.revision(of: list))
        try await demo.browse { browser in
            let page = try await browser.get("/groceries/")
            #expect(page.status == 200)
            #expect(LibXML.parse(page.html, file: "groceries").diagnostics.isEmpty, "the page is still well-formed XHTML")
            #expect(page.rowTexts.first == "Mi\u{FFFD}lk\u{FFFD}")
            let json = try await browser.get("/groceries/", accept: "application/json")
            #expect(!json.html.contains("\\u0000") && !json.html.contains("\u{FFFF}") && !json.html.contains("\\u001b"))
            #expect(json.html.contains("Mi\u{FFFD}lk\u{FFFD}"))
        }
    }

    @Test("a notice naming a 100,000-character item keeps the flash cookie short")
    func shortFlash() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        let list = ListID.root("groceries")
        try await demo.store.apply([.update(key: "milk", attributes: ["name": .string(String(repeating: "Milk ", count: 20_000))])],
                                   to: list, basedOn: try await demo.store.revision(of: list))
        try await demo.browse { browser in
            let page = try await browser.get("/groceries/?editing=1")
            let (csrf, revision) = browser.tokens(of: page)
            let deleted = try await browser.post("/groceries/_/delete", [("csrf", csrf), ("revision", revision), ("editing", "1"), ("key", "milk")],
                                                 follow: false)
            #expect(deleted.status == 303)
            let flash = deleted.headers[values: .setCookie].first { $0.hasPrefix("tablestack_flash=") } ?? ""
            #expect(!flash.isEmpty && flash.utf8.count < 1_024, "the flash cookie is \(flash.utf8.count) bytes")
            let shown = try await browser.get(String(deleted.location?.split(separator: "#").first ?? ""))
            #expect(shown.notice?.hasSuffix("…") == true)
        }
    }

    @Test("a letter under thousands of marks (one character) is refused by the form, and a stored one keeps the flash cookie short")
    func piledMarks() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        let piled = "K" + String(repeating: "\u{301}", count: 3_000)
        try await demo.browse { browser in
            let sheet = try await browser.get("/groceries/?add=1")
            let (csrf, revision) = browser.tokens(of: sheet)
            let refused = try await browser.post("/groceries/_/add", [("csrf", csrf), ("revision", revision), ("name", piled), ("quantity", "1")])
            #expect(refused.status == 422 && refused.text.contains("Name cannot hold a character built of more than 32 code points"), "\(refused.status)")
            #expect(try await browser.get("/groceries/").rowTexts == ["Milk", "Eggs", "Bread", "Butter"], "nothing was added")
        }
        // One stored before (by a script writing to the store): its notice is cut in bytes too.
        let list = ListID.root("groceries")
        try await demo.store.apply([.update(key: "milk", attributes: ["name": .string(piled)])], to: list, basedOn: try await demo.store.revision(of: list))
        try await demo.browse { browser in
            let page = try await browser.get("/groceries/?editing=1")
            let (csrf, revision) = browser.tokens(of: page)
            let deleted = try await browser.post("/groceries/_/delete", [("csrf", csrf), ("revision", revision), ("editing", "1"), ("key", "milk")],
                                                 follow: false)
            let flash = deleted.headers[values: .setCookie].first { $0.hasPrefix("tablestack_flash=") } ?? ""
            #expect(deleted.status == 303 && !flash.isEmpty && flash.utf8.count < 2_048, "the flash cookie is \(flash.utf8.count) bytes")
        }
    }

    @Test("a form body that is not UTF-8 is refused, never repaired into U+FFFD and stored")
    func invalidUTF8() throws {
        try RunningServer.with { server in
            let (cookie, form) = try RequestOriginTests.form(server, host: "127.0.0.1")
            let connection = try RawConnection(port: server.port, timeout: 30)
            let body = Array(form.replacingOccurrences(of: "name=Tea", with: "name=T").utf8) + [0xFF, 0xFE, UInt8(ascii: "a")]
            try connection.send("POST /groceries/_/add HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: \(cookie)\r\nConnection: close\r\n"
                                + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.count)\r\n\r\n")
            try connection.send(bytes: body)
            let answer = connection.receive().text
            #expect(RawConnection.status(of: answer) == 400)
            #expect(answer.contains("not valid UTF-8"))
        }
    }
}
