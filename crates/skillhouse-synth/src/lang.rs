//! Small made-up vocabularies for the translated skills of the realistic shape: a few nouns,
//! verbs and adjectives per language and sentence templates that avoid most agreement problems
//! (German uses only feminine and neuter nouns, so the article is the same in the accusative;
//! Spanish and French use adjectives that do not change with gender). Plausible, not good prose.

use crate::rng::Rng;

/// Translation languages, in the order their folders are written.
pub const LANGS: &[&str] = &["de", "es", "fr", "ja", "zh-CN"];

pub struct Lang {
    pub code: &'static str,
    /// Noun phrases (with their article where the language has one).
    pub nouns: &'static [&'static str],
    /// (infinitive, imperative, third person)
    pub verbs: &'static [(&'static str, &'static str, &'static str)],
    /// Predicative adjectives.
    pub adjectives: &'static [&'static str],
    /// `%n` noun, `%N` capitalized noun, `%v` infinitive, `%i` imperative, `%I` capitalized
    /// imperative, `%t` third person, `%T` capitalized third person, `%a` adjective, `%c` code.
    pub sentences: &'static [&'static str],
    /// "What it does" part of a description.
    pub what: &'static [&'static str],
    /// "Use when ..." part of a description.
    pub when: &'static [&'static str],
    pub titles: &'static [&'static str],
    pub when_title: &'static str,
    pub note: &'static str,
    /// Sentence of the banner that names the English original (`{}` is its path).
    pub banner: &'static str,
    /// Whether sentences are separated by a space (not for Japanese and Chinese).
    pub spaced: bool,
}

pub fn lang(code: &str) -> &'static Lang {
    ALL.iter().find(|l| l.code == code).expect("known language")
}

const ALL: &[Lang] = &[DE, ES, FR, JA, ZH];

const DE: Lang = Lang {
    code: "de",
    nouns: &[
        "die Datei",
        "die Datenbank",
        "die Schnittstelle",
        "die Konfiguration",
        "die Vorlage",
        "die Änderung",
        "die Prüfung",
        "die Bereitstellung",
        "die Fehlermeldung",
        "die Sicherung",
        "die Abhängigkeit",
        "die Übersetzung",
        "die Pipeline",
        "das Protokoll",
        "das Zertifikat",
        "das Skript",
        "das Verzeichnis",
        "das Repository",
        "das Ergebnis",
        "das Schema",
    ],
    verbs: &[
        ("prüfen", "prüfe", "prüft"),
        ("aktualisieren", "aktualisiere", "aktualisiert"),
        ("erstellen", "erstelle", "erstellt"),
        ("analysieren", "analysiere", "analysiert"),
        ("dokumentieren", "dokumentiere", "dokumentiert"),
        ("testen", "teste", "testet"),
        ("validieren", "validiere", "validiert"),
        ("exportieren", "exportiere", "exportiert"),
        ("bereinigen", "bereinige", "bereinigt"),
        ("vergleichen", "vergleiche", "vergleicht"),
    ],
    adjectives: &["veraltet", "gültig", "fehlerhaft", "vollständig", "sicher", "lokal", "öffentlich", "überflüssig", "leer", "wichtig"],
    sentences: &[
        "%I %n, bevor du %n änderst.",
        "Wenn %n %a ist, %i zuerst %n.",
        "Dieser Skill hilft dabei, %n zu %v.",
        "%N ist danach %a.",
        "Achte darauf, dass %n %a bleibt.",
        "Führe %c aus und vergleiche %n mit %n.",
        "%N %t %n automatisch.",
        "Es ist wichtig, %n regelmäßig zu %v.",
        "Frage den Benutzer, bevor du %n %v willst.",
        "%I %n und %n in kleinen Schritten.",
    ],
    what: &["%T %n und %n.", "%T %n, sobald %n %a ist.", "%T %n für %n und %n."],
    when: &[
        "Verwenden, wenn %n %a ist oder wenn der Benutzer %n %v möchte.",
        "Verwenden, wenn %n %v werden soll.",
        "Verwenden, wenn der Benutzer nach %n oder %n fragt.",
    ],
    titles: &[
        "Überblick",
        "Arbeitsablauf",
        "Schnellstart",
        "Voraussetzungen",
        "Beispiele",
        "Fehlerbehebung",
        "Konfiguration",
        "Hinweise",
        "Checkliste",
        "Grenzen",
    ],
    when_title: "Wann dieser Skill hilft",
    note: "> **Hinweis:** ",
    banner: "Diese Seite ist eine Übersetzung von `{}`.",
    spaced: true,
};

const ES: Lang = Lang {
    code: "es",
    nouns: &[
        "el archivo",
        "la base de datos",
        "el informe",
        "la dependencia",
        "la configuración",
        "la plantilla",
        "el registro",
        "la migración",
        "el despliegue",
        "la prueba",
        "el certificado",
        "la rama",
        "el repositorio",
        "la interfaz",
        "el flujo de trabajo",
        "la traducción",
        "el esquema",
        "la canalización",
    ],
    verbs: &[
        ("revisar", "revisa", "revisa"),
        ("actualizar", "actualiza", "actualiza"),
        ("generar", "genera", "genera"),
        ("analizar", "analiza", "analiza"),
        ("documentar", "documenta", "documenta"),
        ("validar", "valida", "valida"),
        ("exportar", "exporta", "exporta"),
        ("comparar", "compara", "compara"),
        ("limpiar", "limpia", "limpia"),
    ],
    adjectives: &[
        "importante",
        "reciente",
        "local",
        "global",
        "útil",
        "pendiente",
        "inconsistente",
        "estable",
        "compatible",
        "legible",
        "fiable",
    ],
    sentences: &[
        "%I %n antes de %v %n.",
        "Si %n es %a, %i primero %n.",
        "Esta habilidad ayuda a %v %n.",
        "%N queda %a después del cambio.",
        "Comprueba que %n siga siendo %a.",
        "Ejecuta %c y compara %n con %n.",
        "%N %t %n de forma automática.",
        "Es importante %v %n con frecuencia.",
        "Pregunta al usuario antes de %v %n.",
        "%I %n y %n paso a paso.",
    ],
    what: &["%T %n y %n.", "%T %n cuando %n es %a.", "%T %n para %n y %n."],
    when: &[
        "Úsalo cuando %n sea %a o cuando el usuario pida %v %n.",
        "Úsalo cuando haga falta %v %n.",
        "Úsalo cuando el usuario mencione %n o %n.",
    ],
    titles: &[
        "Resumen",
        "Flujo de trabajo",
        "Inicio rápido",
        "Requisitos previos",
        "Ejemplos",
        "Solución de problemas",
        "Configuración",
        "Notas",
        "Lista de verificación",
        "Limitaciones",
    ],
    when_title: "Cuándo usar esta habilidad",
    note: "> **Nota:** ",
    banner: "Esta página es una traducción de `{}`.",
    spaced: true,
};

const FR: Lang = Lang {
    code: "fr",
    nouns: &[
        "le fichier",
        "la base de données",
        "le rapport",
        "la dépendance",
        "la configuration",
        "le modèle",
        "le journal",
        "la migration",
        "le déploiement",
        "le test",
        "le certificat",
        "la branche",
        "le dépôt",
        "l’interface",
        "le flux de travail",
        "la traduction",
        "le schéma",
        "la requête",
    ],
    verbs: &[
        ("vérifier", "vérifiez", "vérifie"),
        ("mettre à jour", "mettez à jour", "met à jour"),
        ("générer", "générez", "génère"),
        ("analyser", "analysez", "analyse"),
        ("documenter", "documentez", "documente"),
        ("valider", "validez", "valide"),
        ("exporter", "exportez", "exporte"),
        ("comparer", "comparez", "compare"),
        ("nettoyer", "nettoyez", "nettoie"),
    ],
    adjectives: &["stable", "fiable", "lisible", "compatible", "obsolète", "valide", "visible", "rapide", "critique", "vide", "unique"],
    sentences: &[
        "%I %n avant de %v %n.",
        "Si %n est %a, %i d’abord %n.",
        "Cette compétence aide à %v %n.",
        "%N reste %a après la modification.",
        "Assurez-vous que %n reste %a.",
        "Exécutez %c puis comparez %n avec %n.",
        "%N %t %n automatiquement.",
        "Il est important de %v %n régulièrement.",
        "Demandez à l’utilisateur avant de %v %n.",
        "%I %n et %n étape par étape.",
    ],
    what: &["%T %n et %n.", "%T %n lorsque %n est %a.", "%T %n pour %n et %n."],
    when: &[
        "À utiliser lorsque %n est %a ou quand l’utilisateur demande de %v %n.",
        "À utiliser pour %v %n.",
        "À utiliser quand l’utilisateur parle de %n ou %n.",
    ],
    titles: &[
        "Aperçu",
        "Flux de travail",
        "Démarrage rapide",
        "Prérequis",
        "Exemples",
        "Dépannage",
        "Configuration",
        "Remarques",
        "Liste de contrôle",
        "Limites",
    ],
    when_title: "Quand utiliser cette compétence",
    note: "> **Remarque :** ",
    banner: "Cette page est une traduction de `{}`.",
    spaced: true,
};

const JA: Lang = Lang {
    code: "ja",
    nouns: &[
        "設定ファイル",
        "レポート",
        "依存関係",
        "データベース",
        "インターフェース",
        "ログ",
        "テンプレート",
        "移行",
        "デプロイ",
        "テスト",
        "証明書",
        "ブランチ",
        "リポジトリ",
        "ワークフロー",
        "翻訳",
        "エラーメッセージ",
        "スキーマ",
    ],
    verbs: &[
        ("確認", "確認", "確認"),
        ("更新", "更新", "更新"),
        ("生成", "生成", "生成"),
        ("分析", "分析", "分析"),
        ("文書化", "文書化", "文書化"),
        ("検証", "検証", "検証"),
        ("エクスポート", "エクスポート", "エクスポート"),
        ("比較", "比較", "比較"),
        ("整理", "整理", "整理"),
    ],
    adjectives: &["無効", "最新", "不完全", "安全", "重要", "空", "古い形式", "必須"],
    sentences: &[
        "%nを変更する前に、%nを%vしてください。",
        "%nが%aの場合は、まず%nを%vします。",
        "このスキルは%nと%nを%vします。",
        "%vする前に、%nを必ずバックアップしてください。",
        "%cを実行して、%nと%nを比較します。",
        "%nが%aであることを確認してください。",
        "%nは自動的に%vされます。",
        "%nを%vする前に、ユーザーに確認してください。",
        "%nと%nを少しずつ%vします。",
    ],
    what: &["%nと%nを%vします。", "%nが%aのときに%nを%vします。"],
    when: &[
        "%nが%aのとき、またはユーザーが%nの%vを依頼したときに使用します。",
        "%nを%vする必要があるときに使用します。",
        "ユーザーが%nや%nについて尋ねたときに使用します。",
    ],
    titles: &[
        "概要",
        "ワークフロー",
        "クイックスタート",
        "前提条件",
        "例",
        "トラブルシューティング",
        "設定",
        "注意事項",
        "チェックリスト",
        "制限事項",
    ],
    when_title: "このスキルを使うタイミング",
    note: "> **注意:** ",
    banner: "このページは `{}` の翻訳です。",
    spaced: false,
};

const ZH: Lang = Lang {
    code: "zh-CN",
    nouns: &[
        "配置文件",
        "报告",
        "依赖项",
        "数据库",
        "接口",
        "日志",
        "模板",
        "迁移",
        "部署",
        "测试",
        "证书",
        "分支",
        "仓库",
        "工作流",
        "翻译",
        "错误信息",
        "架构",
    ],
    verbs: &[
        ("检查", "检查", "检查"),
        ("更新", "更新", "更新"),
        ("生成", "生成", "生成"),
        ("分析", "分析", "分析"),
        ("记录", "记录", "记录"),
        ("验证", "验证", "验证"),
        ("导出", "导出", "导出"),
        ("比较", "比较", "比较"),
        ("清理", "清理", "清理"),
    ],
    adjectives: &["无效", "过时", "不完整", "安全", "重要", "为空", "可用"],
    sentences: &[
        "请先%v%n，再修改%n。",
        "如果%n%a，请先%v%n。",
        "此技能用于%v%n和%n。",
        "运行%c并比较%n与%n。",
        "确保%n保持%a。",
        "%n会被自动%v。",
        "在%v%n之前，请先询问用户。",
        "逐步%v%n和%n。",
    ],
    what: &["%v%n和%n。", "在%n%a时%v%n。"],
    when: &["当%n%a，或用户要求%v%n时使用。", "需要%v%n时使用。", "当用户提到%n或%n时使用。"],
    titles: &["概述", "工作流程", "快速开始", "前提条件", "示例", "故障排除", "配置", "注意事项", "检查清单", "限制"],
    when_title: "何时使用此技能",
    note: "> **注意：** ",
    banner: "本页是 `{}` 的翻译。",
    spaced: false,
};

const CODE: &[&str] = &["`git status`", "`make test`", "`python scripts/check.py`", "`npm run build`", "`./scripts/run.sh`"];

fn cap(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

impl Lang {
    pub fn expand(&self, r: &mut Rng, template: &str, out: &mut String) {
        let mut chars = template.chars();
        while let Some(c) = chars.next() {
            if c != '%' {
                out.push(c);
                continue;
            }
            match chars.next() {
                Some('n') => out.push_str(r.word(self.nouns)),
                Some('N') => out.push_str(&cap(r.word(self.nouns))),
                Some('v') => out.push_str(r.pick(self.verbs).0),
                Some('i') => out.push_str(r.pick(self.verbs).1),
                Some('I') => out.push_str(&cap(r.pick(self.verbs).1)),
                Some('t') => out.push_str(r.pick(self.verbs).2),
                Some('T') => out.push_str(&cap(r.pick(self.verbs).2)),
                Some('a') => out.push_str(r.word(self.adjectives)),
                Some('c') => out.push_str(r.word(CODE)),
                Some(o) => {
                    out.push('%');
                    out.push(o);
                }
                None => out.push('%'),
            }
        }
    }

    pub fn sentence(&self, r: &mut Rng, out: &mut String) {
        let t = r.word(self.sentences);
        self.expand(r, t, out);
    }

    pub fn paragraph(&self, r: &mut Rng, out: &mut String) {
        for i in 0..r.range(2, 6) {
            if i > 0 && self.spaced {
                out.push(' ');
            }
            self.sentence(r, out);
        }
        out.push_str("\n\n");
    }

    /// A description of 1-1024 characters: what the skill does, then when to use it.
    pub fn description(&self, r: &mut Rng) -> String {
        let mut s = String::new();
        let w = r.word(self.what);
        self.expand(r, w, &mut s);
        if self.spaced {
            s.push(' ');
        }
        let w = r.word(self.when);
        self.expand(r, w, &mut s);
        s
    }

    pub fn bullets(&self, r: &mut Rng, out: &mut String) {
        for _ in 0..r.range(3, 6) {
            out.push_str("- ");
            self.sentence(r, out);
            out.push('\n');
        }
        out.push('\n');
    }
}
