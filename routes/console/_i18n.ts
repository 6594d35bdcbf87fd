/** Korean and English labels of the admin console, and the seed's display-name rule. */

/** The console's languages. */
export type Lang = "ko" | "en";

const LABELS = {
  title: ["중앙 디렉터리 관리", "Central directory console"],
  adminKey: ["관리자 키", "Admin key"],
  signIn: ["접속", "Open console"],
  signOut: ["키 지우기", "Forget key"],
  keyHint: [
    "키는 이 탭의 sessionStorage에만 보관되며 요청 헤더로만 전송됩니다.",
    "The key stays in this tab's sessionStorage and is only sent as a request header.",
  ],
  companies: ["회사", "Companies"],
  departments: ["부서", "Departments"],
  users: ["사용자", "Users"],
  groups: ["공통 사용자 그룹", "Common user groups"],
  dashboard: ["권한 대시보드", "Permission dashboard"],
  syncStatus: ["동기화 상태", "Sync status"],
  auditLog: ["감사 로그", "Audit log"],
  code: ["코드", "Code"],
  name: ["이름", "Name"],
  nameEn: ["영문 이름", "English name"],
  koreanName: ["한글 이름", "Korean name"],
  englishName: ["영문 이름", "English name"],
  locale: ["기본 언어", "Default locale"],
  active: ["활성", "Active"],
  inactive: ["비활성", "Inactive"],
  version: ["버전", "Version"],
  updatedAt: ["수정 시각", "Updated"],
  loginId: ["로그인 ID", "Login ID"],
  email: ["이메일", "E-mail"],
  department: ["부서", "Department"],
  company: ["회사", "Company"],
  allCompanies: ["전체 회사", "All companies"],
  jobTitle: ["직급", "Grade"],
  position: ["직책", "Position"],
  employeeNo: ["사번", "Employee no."],
  employment: ["재직 상태", "Employment"],
  clearance: ["보안 등급", "Clearance"],
  departmentHead: ["부서장", "Department head"],
  search: ["검색", "Search"],
  searchHint: ["로그인 ID, 이름, 이메일, 사번", "Login ID, name, e-mail, employee no."],
  onlyActive: ["활성 사용자만", "Active users only"],
  next: ["다음", "Next"],
  first: ["처음으로", "First page"],
  edit: ["편집", "Edit"],
  save: ["저장", "Save"],
  deactivate: ["비활성화", "Deactivate"],
  delete: ["삭제", "Delete"],
  create: ["추가", "Add"],
  confirm: ["계속할까요?", "Continue?"],
  saved: ["저장했습니다.", "Saved."],
  none: ["없음", "None"],
  members: ["구성원", "Members"],
  memberCount: ["구성원 수", "Members"],
  deleted: ["삭제됨", "Deleted"],
  portal: ["포털", "Portal"],
  sourceVersion: ["원본 버전", "Source version"],
  collectedAt: ["수집 시각", "Collected"],
  userCount: ["사용자 수", "Users"],
  assignmentCount: ["할당 수", "Assignments"],
  publication: ["게시 상태", "Publication"],
  lastSuccess: ["마지막 성공", "Last success"],
  lastFailure: ["마지막 실패", "Last failure"],
  error: ["오류", "Error"],
  drift: ["불일치", "Drift"],
  driftUsers: ["휴직·퇴직·비활성인데 권한 보유", "Leave/retired/inactive with access"],
  driftOnly: ["불일치만", "Drift only"],
  olderThanSync: ["스냅샷이 마지막 동기화보다 오래됨", "Snapshot older than last sync"],
  changes: ["최근 변경", "Latest changes"],
  added: ["추가됨", "Added"],
  removed: ["제거됨", "Removed"],
  entries: ["항목", "Entries"],
  assignments: ["할당", "Assignments"],
  groupsKind: ["그룹", "Groups"],
  roles: ["역할", "Roles"],
  permissions: ["권한", "Permissions"],
  perUser: ["사용자별 권한", "Access per user"],
  userId: ["사용자 ID", "User ID"],
  resource: ["자원", "Resource"],
  state: ["상태", "State"],
  dataVersion: ["데이터 버전", "Data version"],
  credentialFailures: ["자격 증명 실패", "Credential failures"],
  needsCheck: ["점검 필요", "Needs checking"],
  at: ["시각", "Time"],
  actor: ["수행자", "Actor"],
  action: ["작업", "Action"],
  target: ["대상", "Target"],
  outcome: ["결과", "Outcome"],
  details: ["세부", "Details"],
  noSnapshot: ["게시된 스냅샷 없음", "No snapshot published"],
  parent: ["상위 부서", "Parent"],
  sortOrder: ["정렬 순서", "Sort order"],
  includeInactive: ["비활성 포함", "Include inactive"],
  back: ["목록으로", "Back"],
  reviewQueue: ["용어 검토 대기열", "Term review queue"],
  terms: ["용어", "Terms"],
  glossary: ["용어집", "Glossary"],
  links: ["콘텐츠-용어 연결", "Content-term links"],
  notation: ["표기", "Notation"],
  definition: ["정의", "Definition"],
  aliases: ["별칭", "Aliases"],
  abbreviations: ["약어", "Abbreviations"],
  scope: ["범위", "Scope"],
  evidence: ["근거", "Evidence"],
  relations: ["관계", "Relations"],
  contentKey: ["콘텐츠 키", "Content key"],
  detectedBy: ["발견 방식", "Detected by"],
  approve: ["승인", "Approve"],
  reject: ["반려", "Reject"],
  deprecate: ["폐기", "Deprecate"],
  proposed: ["제안됨", "Proposed"],
  approved: ["승인됨", "Approved"],
  rejected: ["반려됨", "Rejected"],
  deprecated: ["폐기됨", "Deprecated"],
} as const satisfies Record<string, readonly [string, string]>;

/** A label key. */
export type Label = keyof typeof LABELS;

/** The label in the language. */
export function t(lang: Lang, key: Label): string {
  return LABELS[key][lang === "ko" ? 0 : 1];
}

/** The seed's display-name rule: English screens show englishName, else koreanName; Korean screens the reverse. */
export function displayName(lang: Lang, p: { koreanName?: string | null; englishName?: string | null }): string {
  const ko = p.koreanName ?? "";
  const en = p.englishName ?? "";
  return lang === "en" ? en || ko : ko || en;
}

/** Reads the language from a query value (Korean by default). */
export function langOf(value: string | undefined): Lang {
  return value === "en" ? "en" : "ko";
}
