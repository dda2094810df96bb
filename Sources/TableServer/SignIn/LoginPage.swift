import TableApp
import TableRender

/// The editors' sign-in and sign-out sheets.
enum LoginPage {
    /// The sign-in sheet: one password field.
    static func signIn(site: Site, error: String?, session: Session) -> String {
        let sheet = SheetContext(title: "Sign In", sectionTitle: "Editor password", action: site.urls.basePath + "_login",
                                 csrf: session.csrf, revision: "", cancelHref: site.urls.basePath, saveTitle: "Sign In",
                                 errorSummary: error, hiddenFields: [],
                                 fields: [FieldContext(name: "password", label: "Password", kind: .password, isRequired: true, error: error)])
        return render(sheet, site: site)
    }

    /// The sign-out sheet: a button that posts, since a link could be followed by anyone's page.
    static func signOut(site: Site, session: Session) -> String {
        let sheet = SheetContext(title: "Sign Out", sectionTitle: "Stop editing in this browser",
                                 action: site.urls.basePath + "_logout", csrf: session.csrf, revision: "",
                                 cancelHref: site.urls.basePath, saveTitle: "Sign Out", hiddenFields: [], fields: [])
        return render(sheet, site: site)
    }

    private static func render(_ sheet: SheetContext, site: Site) -> String {
        let bar = NavigationBarContext(title: sheet.title, label: "Sheet", cancel: LinkContext(href: sheet.cancelHref, title: "Cancel"),
                                       save: SaveButtonContext(title: sheet.saveTitle, form: "sheet-form"))
        return site.renderer.render(sheet: sheet, documentTitle: sheet.title, language: site.runtime.app.language,
                                    assets: site.assets([]), navigationBar: bar)
    }
}
