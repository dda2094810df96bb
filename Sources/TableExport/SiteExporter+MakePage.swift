import TableKit
import TableRender
import TableSite

extension SiteExporter {
    /// Renders, validates and writes one page; returns its links and ids. A long list's page
    /// takes the rows of the sections `copies` vouches for from its file as the last export left
    /// it, and records where its sections' rows stand for the next.
    ///
    /// The footer says when the page was made: when its content last changed, so that a re-export
    /// of unchanged data leaves the file as it was.
    func makePage(_ sitePage: SitePage, dependencies: PageDependencies?, copies: SectionCopies?, manifest: ExportManifest,
                  output: OutputFolder) throws -> PageResult {
        let path = sitePage.path
        // Rendered once with a stand-in for the footer's note: the page's fingerprint and its
        // checks do not depend on the date, which goes in when the bytes are written.
        let pageOptions = PageOptions(exportNote: Self.notePlaceholder)
        let name = pageName(path)
        // A long list's file, whose unchanged sections the page may copy, is read meanwhile.
        let fileRead = copies?.beginRead(of: name, in: options.outputFolder)
        let snapshot = try sitePage.controller.snapshot(isEditing: pageOptions.showsEditing)
        let sections = snapshot.sections
        let keys = sections.reduce(0) { $0 + $1.rows.count } >= options.sectionsRecordedFromRows ? sections.map(SectionRecord.keys) : []
        let copied: [Int: Substring] = if !keys.isEmpty, let copies, let fileRead {
            copies.rows(of: name, read: fileRead, page: sitePage, snapshot: snapshot, dependencies: dependencies, keys: keys)
        } else {
            [:]
        }
        let made = PageOutcome()
        // The scanner's readings of the copied rows, recorded when the last export checked them,
        // are handed to it with them: it takes them as given rather than read those bytes again.
        // They are read from the records on another core while the page renders, and waited for
        // (this thread blocked, as for the check and the write below) once it is rendered.
        let recordedSections = keys.isEmpty ? [] : copies?.recorded[name]?.sections ?? []
        let readingGiven = copied.isEmpty ? nil : ComputedBeside { [copied] in
            var given: [Int: ContractPart] = [:]
            for number in copied.keys where number < recordedSections.count {
                if let part = recordedSections[number].part { given[number] = part }
            }
            return given
        }
        // The rows copied need no links: only the others are rendered.
        let page = try site.tablePage(sitePage, options: pageOptions, snapshot: snapshot, rowsGiven: Set(copied.keys))
        let (html, placed) = site.renderer.renderForExport(page, reusing: copied)
        let given = readingGiven?.value ?? [:]
        let write = { @Sendable in
            made.written = Result {
                let (madeOn, lastWritten) = manifest.made(name, html: html, otherwise: self.options.date)
                // Written from the page's own text around the note, with no copy of a long page.
                let note = Array(self.notes.text(for: madeOn).utf8)
                return try note.withUnsafeBufferPointer { note in
                    try TextSplice.withParts(of: html, separatedBy: Self.notePlaceholder) { parts in
                        var pieces = [parts[0]]
                        for part in parts.dropFirst() { pieces += [note, part] }
                        return try output.write(pieces, to: name, lastWritten: lastWritten)
                    }
                }
            }
        }
        // A long list's page is checked while it is written (fingerprinted, read back to compare
        // when the manifest cannot tell, written), each a long step of its own, and the page is
        // written whatever the check finds. A short page is not worth handing to another thread.
        // Its links are resolved as it is checked, while the write may still run.
        let inspect = { @Sendable [given] in
            let inspection = PageValidator.inspect(html, page: name, parts: keys.isEmpty ? [] : placed, given: given)
            made.inspection = inspection
            made.links = PageLink.resolve(inspection.links, of: name)
        }
        if html.utf8.count >= Self.minimumSizeCheckedBesideWriting {
            SideBySide.run(inspect, write)
        } else {
            inspect()
            write()
        }
        let wasWritten = try made.written.get()
        guard let inspection = made.inspection else { preconditionFailure("every page is checked") }
        var problems = inspection.problems.map { "\(name): \($0.message) (line \($0.line))" }
        if !inspection.isWellFormed { problems.append("\(name): the page is not well-formed") }
        var result = PageResult(path: path, file: name, ids: inspection.ids, links: made.links, problems: problems, wasWritten: wasWritten)
        result.advice = advice.newAdvice(for: sitePage, snapshot: page.snapshot, site: site)
        result.dependencies = dependencies
        if !keys.isEmpty {
            // A reading taken as given is kept as the records line held it, to be written again as it is.
            let taken = Set(inspection.takenParts)
            let readings = inspection.parts.indices.map { number -> SectionRecord.Reading? in
                guard let part = inspection.parts[number] else { return nil }
                if taken.contains(number), case let .text(text)? = recordedSections[number].reading { return .text(text) }
                return .part(part)
            }
            result.sections = SectionRecord.records(of: page.snapshot, keys: keys, placed: placed, html: html, note: Self.notePlaceholder,
                                                    readings: readings)
            result.sectionsTakenAsChecked = taken.count
        }
        result.copiedSections = copied.count
        return result
    }

    /// What checking a page and writing it gave, each set by one thread and read once it ended.
    private final class PageOutcome: @unchecked Sendable {
        var inspection: PageInspection?
        var links: [PageLink] = []
        var written: Result<Bool, any Error> = .success(false)
    }

    /// The size of a page (in bytes) from which it is checked on one thread while it is written
    /// on another.
    static let minimumSizeCheckedBesideWriting = 256 * 1024
}
