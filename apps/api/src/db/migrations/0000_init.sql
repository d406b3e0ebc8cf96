CREATE TABLE "organisation_hosts" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"host" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sso_provider" jsonb,
	"minor_age" integer DEFAULT 18 NOT NULL,
	"currency_symbol" text DEFAULT '£' NOT NULL,
	"date_format" text DEFAULT 'DD/MM/Y' NOT NULL,
	"timezone" text DEFAULT 'Europe/London' NOT NULL,
	"features" jsonb,
	"package_features" jsonb,
	"tech_features" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text DEFAULT 'General' NOT NULL,
	CONSTRAINT "permissions_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "role_profile_permissions" (
	"role_profile_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	CONSTRAINT "role_profile_permissions_role_profile_id_permission_id_pk" PRIMARY KEY("role_profile_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "role_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"display_name" text NOT NULL,
	"disclaimer" text,
	"enforce_two_factor" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"parent_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"company_name" text,
	"street" text NOT NULL,
	"street_second" text,
	"street_third" text,
	"city" text NOT NULL,
	"county" text,
	"postcode" text NOT NULL,
	"country" text DEFAULT 'United Kingdom' NOT NULL,
	"from_date" date,
	"to_date" date,
	"historical" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_denied_permissions" (
	"user_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	CONSTRAINT "user_denied_permissions_user_id_permission_id_pk" PRIMARY KEY("user_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "user_email_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"email" text NOT NULL,
	"primary" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_guardians" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"guardian_user_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_permissions" (
	"user_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	CONSTRAINT "user_permissions_user_id_permission_id_pk" PRIMARY KEY("user_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "user_phone_numbers" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"phone_number" text NOT NULL,
	"country_code" text DEFAULT 'GB' NOT NULL,
	"primary" boolean DEFAULT false NOT NULL,
	"default_sms" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"role_profile_id" integer NOT NULL,
	"end_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_statuses" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "user_statuses_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "user_supervisors" (
	"user_id" integer NOT NULL,
	"supervisor_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_supervisors_user_id_supervisor_user_id_pk" PRIMARY KEY("user_id","supervisor_user_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"title" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"preferred_name" text,
	"dob" date,
	"status_id" integer DEFAULT 1 NOT NULL,
	"password_hash" text,
	"sso_subject" text,
	"two_factor_enabled" boolean DEFAULT false NOT NULL,
	"two_factor_method" text,
	"two_factor_secret" text,
	"credentials_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"region" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_types" (
	"mime" text PRIMARY KEY NOT NULL,
	"extension" text NOT NULL,
	"kind" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" integer NOT NULL,
	"uploaded_by_user_id" integer,
	"owner_user_id" integer,
	"uploaded_from" text,
	"storage_name" text NOT NULL,
	"original_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" bigint NOT NULL,
	"ephemeral" boolean DEFAULT true NOT NULL,
	"attached_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_storageName_unique" UNIQUE("storage_name")
);
--> statement-breakpoint
CREATE TABLE "timezones" (
	"name" text PRIMARY KEY NOT NULL,
	"display_text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer,
	"channel" text NOT NULL,
	"to" text NOT NULL,
	"subject" text,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"transport" text NOT NULL,
	"error" text,
	"claimed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "motivations" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"content" text NOT NULL,
	"public" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consent_change_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"consent_id" integer NOT NULL,
	"created_by_user_id" integer,
	"old_value" text,
	"new_value" text,
	"timezone" text DEFAULT 'Europe/London' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_change_logs_changed_check" CHECK ("consent_change_logs"."old_value" is not null or "consent_change_logs"."new_value" is not null)
);
--> statement-breakpoint
CREATE TABLE "consent_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"consent_id" integer NOT NULL,
	"value" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "consent_options_consent_id_unique" UNIQUE("consent_id","id")
);
--> statement-breakpoint
CREATE TABLE "consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"statement" text NOT NULL,
	"compulsory" boolean DEFAULT false NOT NULL,
	"type" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consents_type_check" CHECK ("consents"."type" in ('radio', 'checkbox', 'multiple-checkboxes'))
);
--> statement-breakpoint
CREATE TABLE "terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"link" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_consent_answers" (
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"consent_id" integer NOT NULL,
	"consent_option_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_consent_answers_user_id_consent_id_consent_option_id_pk" PRIMARY KEY("user_id","consent_id","consent_option_id")
);
--> statement-breakpoint
CREATE TABLE "opportunities" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"slug" text NOT NULL,
	"type" text NOT NULL,
	"display_name" text NOT NULL,
	"public_url" text,
	"role_profile_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"default_phone_country_code" text DEFAULT 'GB' NOT NULL,
	"start_date" date,
	"end_date" date,
	"description" text,
	"published" boolean DEFAULT false NOT NULL,
	"country" text,
	"county" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opportunities_dates_check" CHECK ("opportunities"."end_date" is null or "opportunities"."start_date" is null or "opportunities"."end_date" >= "opportunities"."start_date"),
	CONSTRAINT "opportunities_county_check" CHECK ("opportunities"."county" is null or "opportunities"."country" is not null)
);
--> statement-breakpoint
CREATE TABLE "opportunity_sub_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"opportunity_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opportunity_timeslots" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"sub_location_id" integer NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"min_duration" integer,
	"max_duration" integer,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "opportunity_timeslots_range_check" CHECK ("opportunity_timeslots"."ends_at" is null or "opportunity_timeslots"."starts_at" is null or "opportunity_timeslots"."ends_at" > "opportunity_timeslots"."starts_at"),
	CONSTRAINT "opportunity_timeslots_duration_check" CHECK (("opportunity_timeslots"."min_duration" is null or "opportunity_timeslots"."min_duration" > 0) and ("opportunity_timeslots"."max_duration" is null or "opportunity_timeslots"."min_duration" is null or "opportunity_timeslots"."max_duration" >= "opportunity_timeslots"."min_duration"))
);
--> statement-breakpoint
CREATE TABLE "attribute_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attribute_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	"value" text NOT NULL,
	"display" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"default_selected" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attributes" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"category_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"compulsory" boolean DEFAULT false NOT NULL,
	"permission" text DEFAULT 'write' NOT NULL,
	"custom_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attributes_type_check" CHECK ("attributes"."type" in ('text', 'integer', 'date', 'datetime', 'html', 'email', 'telephone', 'boolean', 'decimal', 'currency', 'dropdown', 'startenddate', 'checkboxes', 'radio', 'files', 'file', 'photo', 'link')),
	CONSTRAINT "attributes_permission_check" CHECK ("attributes"."permission" in ('write', 'read-only'))
);
--> statement-breakpoint
CREATE TABLE "document_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_section_additional_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_section_attributes" (
	"organisation_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	CONSTRAINT "form_section_attributes_section_id_attribute_id_pk" PRIMARY KEY("section_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "form_section_consents" (
	"organisation_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"consent_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "form_section_consents_section_id_consent_id_pk" PRIMARY KEY("section_id","consent_id")
);
--> statement-breakpoint
CREATE TABLE "form_section_documents" (
	"organisation_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"document_type_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "form_section_documents_section_id_document_type_id_pk" PRIMARY KEY("section_id","document_type_id")
);
--> statement-breakpoint
CREATE TABLE "form_section_questions" (
	"organisation_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "form_section_questions_section_id_question_id_pk" PRIMARY KEY("section_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "form_section_terms" (
	"organisation_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "form_section_terms_section_id_term_id_pk" PRIMARY KEY("section_id","term_id")
);
--> statement-breakpoint
CREATE TABLE "form_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"opportunity_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"requested_references" integer,
	"reference_length" integer,
	"min_address_history" integer,
	"minimum_age" integer,
	"apply_right_to_work" boolean DEFAULT false NOT NULL,
	"phone_number_compulsory" boolean DEFAULT false NOT NULL,
	"diversity_compulsory" boolean DEFAULT false NOT NULL,
	"diversity_mode" text DEFAULT 'fixed' NOT NULL,
	"require_password" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_sections_type_check" CHECK ("form_sections"."type" in ('basic-details', 'motivation', 'address-details', 'about-you', 'supporting-documents', 'references', 'residential', 'diversity', 'review-apply')),
	CONSTRAINT "form_sections_diversity_mode_check" CHECK ("form_sections"."diversity_mode" in ('fixed', 'v2')),
	CONSTRAINT "form_sections_numbers_check" CHECK (("form_sections"."requested_references" is null or "form_sections"."requested_references" >= 0)
        and ("form_sections"."reference_length" is null or "form_sections"."reference_length" >= 0)
        and ("form_sections"."min_address_history" is null or "form_sections"."min_address_history" >= 0)
        and ("form_sections"."minimum_age" is null or "form_sections"."minimum_age" >= 0))
);
--> statement-breakpoint
CREATE TABLE "question_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"value" text NOT NULL,
	"display" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"default_selected" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"compulsory" boolean DEFAULT false NOT NULL,
	"custom_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questions_type_check" CHECK ("questions"."type" in ('text', 'integer', 'date', 'datetime', 'html', 'email', 'telephone', 'boolean', 'decimal', 'currency', 'dropdown', 'startenddate', 'checkboxes', 'radio', 'files', 'file', 'photo', 'link'))
);
--> statement-breakpoint
CREATE TABLE "user_attribute_value_files" (
	"organisation_id" integer NOT NULL,
	"value_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_attribute_value_files_value_id_file_id_pk" PRIMARY KEY("value_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "user_attribute_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	"value" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diversity_options" (
	"id" integer PRIMARY KEY NOT NULL,
	"field" text NOT NULL,
	"label" text NOT NULL,
	"is_other" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "diversity_options_field_check" CHECK ("diversity_options"."field" in ('gender', 'gender_assigned', 'registered_disabled', 'nationality', 'ethnicity', 'sexuality', 'disabled_select', 'religion'))
);
--> statement-breakpoint
CREATE TABLE "diversity_question_dependencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"parent_question_id" integer NOT NULL,
	"parent_option_id" integer NOT NULL,
	CONSTRAINT "diversity_question_dependencies_not_self_check" CHECK ("diversity_question_dependencies"."question_id" <> "diversity_question_dependencies"."parent_question_id")
);
--> statement-breakpoint
CREATE TABLE "diversity_question_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"option_text" text NOT NULL,
	"is_other" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "diversity_question_options_question_id_unique" UNIQUE("question_id","id")
);
--> statement-breakpoint
CREATE TABLE "diversity_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"question_text" text NOT NULL,
	"is_multiple_select" boolean DEFAULT false NOT NULL,
	"compulsory" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_diversity_answers" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"gender_id" integer,
	"gender_assigned_id" integer,
	"nationality_id" integer,
	"nationality_other" text,
	"ethnicity_id" integer,
	"ethnicity_other" text,
	"sexuality_id" integer,
	"sexuality_other" text,
	"registered_disabled_id" integer,
	"disabled_select_id" integer,
	"disabled_select_other" text,
	"religion_id" integer,
	"religion_other" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_diversity_question_answer_options" (
	"organisation_id" integer NOT NULL,
	"answer_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"option_id" integer NOT NULL,
	CONSTRAINT "user_diversity_question_answer_options_answer_id_option_id_pk" PRIMARY KEY("answer_id","option_id")
);
--> statement-breakpoint
CREATE TABLE "user_diversity_question_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"other_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_diversity_question_answers_id_question_unique" UNIQUE("id","question_id")
);
--> statement-breakpoint
CREATE TABLE "diversity_access_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"reader_user_id" integer NOT NULL,
	"subject_user_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_additional_consents" (
	"organisation_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"additional_consent_id" integer NOT NULL,
	"agreed" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_additional_consents_application_id_additional_consent_id_pk" PRIMARY KEY("application_id","additional_consent_id")
);
--> statement-breakpoint
CREATE TABLE "application_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"company_name" text,
	"street" text NOT NULL,
	"street_second" text,
	"street_third" text,
	"city" text NOT NULL,
	"county" text,
	"postcode" text NOT NULL,
	"country" text DEFAULT 'United Kingdom' NOT NULL,
	"from_date" date,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"document_type_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_question_answer_files" (
	"organisation_id" integer NOT NULL,
	"answer_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "application_question_answer_files_answer_id_file_id_pk" PRIMARY KEY("answer_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "application_question_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"value" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_references" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"phone_number" text,
	"phone_country_code" text,
	"request_sent_at" timestamp with time zone,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_references_contact_check" CHECK ("application_references"."email" is not null or "application_references"."phone_number" is not null)
);
--> statement-breakpoint
CREATE TABLE "application_terms" (
	"organisation_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_terms_application_id_term_id_pk" PRIMARY KEY("application_id","term_id")
);
--> statement-breakpoint
CREATE TABLE "application_timeslots" (
	"organisation_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"timeslot_id" integer NOT NULL,
	CONSTRAINT "application_timeslots_application_id_timeslot_id_pk" PRIMARY KEY("application_id","timeslot_id")
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"opportunity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"application_key" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"completed_at" timestamp with time zone,
	"submitted_by_user_id" integer,
	"idempotency_key" text,
	"why" text,
	"motivation_id" integer,
	"special_requirements_bool" boolean,
	"special_requirements" text,
	"right_to_volunteer" text,
	"willing_to_share" boolean,
	"parents_first_name" text,
	"parents_last_name" text,
	"parents_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_applicationKey_unique" UNIQUE("application_key"),
	CONSTRAINT "applications_status_check" CHECK ("applications"."status" in ('pending', 'submitted', 'accepted', 'declined', 'withdrawn')),
	CONSTRAINT "applications_right_to_volunteer_check" CHECK ("applications"."right_to_volunteer" in ('yes', 'no', 'unsure'))
);
--> statement-breakpoint
CREATE TABLE "opportunity_apply_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"opportunity_id" integer NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"reference_id" integer NOT NULL,
	"question_id" integer,
	"question" text NOT NULL,
	"type" text NOT NULL,
	"answer" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reference_answers_type_check" CHECK ("reference_answers"."type" in ('text', 'yes-no'))
);
--> statement-breakpoint
CREATE TABLE "reference_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"question" text NOT NULL,
	"type" text NOT NULL,
	"compulsory" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reference_questions_type_check" CHECK ("reference_questions"."type" in ('text', 'yes-no'))
);
--> statement-breakpoint
CREATE TABLE "reference_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"reference_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"draft_answers" jsonb,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "residential_booking_linked_applicants" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "residential_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"application_id" integer,
	"team_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"willing_to_share" boolean DEFAULT false NOT NULL,
	"requirements_radio" boolean DEFAULT false NOT NULL,
	"requirements" text,
	"gender_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"cancel_reason_id" integer,
	"cancel_note" text,
	"cancelled_at" timestamp with time zone,
	"cancelled_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "residential_bookings_dates_check" CHECK ("residential_bookings"."end_date" > "residential_bookings"."start_date"),
	CONSTRAINT "residential_bookings_gender_check" CHECK ("residential_bookings"."gender_id" in (1, 2, 3, 4)),
	CONSTRAINT "residential_bookings_status_check" CHECK ("residential_bookings"."status" in ('pending', 'confirmed', 'cancelled')),
	CONSTRAINT "residential_bookings_cancellation_check" CHECK ("residential_bookings"."status" = 'cancelled' or ("residential_bookings"."cancel_reason_id" is null and "residential_bookings"."cancelled_at" is null))
);
--> statement-breakpoint
CREATE TABLE "residential_cancel_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "residential_capacity_limits" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"max_guests" integer NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "residential_capacity_limits_dates_check" CHECK ("residential_capacity_limits"."to_date" >= "residential_capacity_limits"."from_date"),
	CONSTRAINT "residential_capacity_limits_guests_check" CHECK ("residential_capacity_limits"."max_guests" >= 0)
);
--> statement-breakpoint
CREATE TABLE "team_changeover_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"day_of_week" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_changeover_days_day_check" CHECK ("team_changeover_days"."day_of_week" between 0 and 6),
	CONSTRAINT "team_changeover_days_dates_check" CHECK ("team_changeover_days"."end_date" is null or "team_changeover_days"."end_date" >= "team_changeover_days"."start_date")
);
--> statement-breakpoint
CREATE TABLE "team_room_unavailable_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_room_unavailable_periods_dates_check" CHECK ("team_room_unavailable_periods"."to_date" >= "team_room_unavailable_periods"."from_date")
);
--> statement-breakpoint
CREATE TABLE "team_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"name" text NOT NULL,
	"beds" integer NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_rooms_beds_check" CHECK ("team_rooms"."beds" > 0)
);
--> statement-breakpoint
CREATE TABLE "auth_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"factors" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"replaced_by" uuid
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "security_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer,
	"user_id" integer,
	"event" text NOT NULL,
	"outcome" text NOT NULL,
	"factor" text,
	"ip" text,
	"user_agent" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "single_use_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"challenge_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sso_states" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"binding_hash" text NOT NULL,
	"redirect" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trusted_devices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "two_factor_challenges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"method" text NOT NULL,
	"code_hash" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"intended" text,
	"pending_secret" text,
	"pending_contact" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "used_totp_steps" (
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"time_step" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "used_totp_steps_user_id_time_step_pk" PRIMARY KEY("user_id","time_step")
);
--> statement-breakpoint
CREATE TABLE "application_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"application_id" integer,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"source_key" text NOT NULL,
	"company" text,
	"unit" text,
	"number" text,
	"street" text NOT NULL,
	"city" text,
	"district" text,
	"region" text,
	"postcode" text NOT NULL,
	"country" text DEFAULT 'United Kingdom' NOT NULL,
	"longitude" double precision,
	"latitude" double precision,
	"postcode_key" text GENERATED ALWAYS AS (upper(regexp_replace("addresses"."postcode", '\s', '', 'g'))) STORED NOT NULL,
	"street_key" text GENERATED ALWAYS AS (lower("addresses"."street") || '|' || lower(coalesce("addresses"."city", ''))) STORED NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, regexp_replace(coalesce("addresses"."company", '') || ' ' || coalesce("addresses"."unit", '') || ' ' || coalesce("addresses"."number", '') || ' ' || "addresses"."street" || ' ' || coalesce("addresses"."city", '') || ' ' || coalesce("addresses"."district", '') || ' ' || "addresses"."postcode" || ' ' || upper(regexp_replace("addresses"."postcode", '\s', '', 'g')), '[[:punct:]]+', ' ', 'g'))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"entry" text NOT NULL,
	"parent_key" text DEFAULT '' NOT NULL,
	"body" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer,
	"email" text,
	"status" text DEFAULT 'invited' NOT NULL,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_invitations_invitee_check" CHECK ("event_invitations"."user_id" is not null or "event_invitations"."email" is not null),
	CONSTRAINT "event_invitations_status_check" CHECK ("event_invitations"."status" in ('invited', 'accepted', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "event_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"location" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"capacity" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_sessions_id_event_unique" UNIQUE("id","event_id"),
	CONSTRAINT "event_sessions_dates_check" CHECK ("event_sessions"."ends_at" > "event_sessions"."starts_at"),
	CONSTRAINT "event_sessions_capacity_check" CHECK ("event_sessions"."capacity" is null or "event_sessions"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "event_supervisors" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"location" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"team_id" integer,
	"capacity" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_dates_check" CHECK ("events"."ends_at" > "events"."starts_at"),
	CONSTRAINT "events_status_check" CHECK ("events"."status" in ('draft', 'published', 'cancelled')),
	CONSTRAINT "events_capacity_check" CHECK ("events"."capacity" is null or "events"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "session_attendees" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'invited' NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_attendees_status_check" CHECK ("session_attendees"."status" in ('invited', 'confirmed', 'attended', 'absent', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "permission_descriptions" (
	"organisation_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	"description" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "permission_descriptions_organisation_id_permission_id_pk" PRIMARY KEY("organisation_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "permission_group_permissions" (
	"permission_group_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	CONSTRAINT "permission_group_permissions_permission_group_id_permission_id_pk" PRIMARY KEY("permission_group_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "permission_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_profile_permission_groups" (
	"organisation_id" integer NOT NULL,
	"role_profile_id" integer NOT NULL,
	"permission_group_id" integer NOT NULL,
	CONSTRAINT "role_profile_permission_groups_role_profile_id_permission_group_id_pk" PRIMARY KEY("role_profile_id","permission_group_id")
);
--> statement-breakpoint
CREATE TABLE "user_permission_groups" (
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"permission_group_id" integer NOT NULL,
	CONSTRAINT "user_permission_groups_user_id_permission_group_id_pk" PRIMARY KEY("user_id","permission_group_id")
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"notes" text,
	"status" text DEFAULT 'submitted' NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"paid_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claims_id_user_unique" UNIQUE("id","user_id"),
	CONSTRAINT "claims_status_check" CHECK ("claims"."status" in ('submitted', 'approved', 'rejected', 'paid'))
);
--> statement-breakpoint
CREATE TABLE "dynamic_skills" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"skill_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dynamic_skills_id_skill_unique" UNIQUE("id","skill_id")
);
--> statement-breakpoint
CREATE TABLE "expense_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"expense_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expense_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"type_id" integer,
	"unit" text NOT NULL,
	"pence_per_unit" integer NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expense_rates_unit_check" CHECK ("expense_rates"."unit" in ('mile', 'km', 'hour', 'day', 'item')),
	CONSTRAINT "expense_rates_amount_check" CHECK ("expense_rates"."pence_per_unit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "expense_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"description" text,
	"requires_receipt" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"claim_id" integer,
	"type_id" integer NOT NULL,
	"rate_id" integer,
	"quantity" numeric(10, 2),
	"amount_pence" integer NOT NULL,
	"spent_on" date NOT NULL,
	"description" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expenses_id_user_unique" UNIQUE("id","user_id"),
	CONSTRAINT "expenses_amount_check" CHECK ("expenses"."amount_pence" >= 0),
	CONSTRAINT "expenses_quantity_check" CHECK ("expenses"."quantity" is null or "expenses"."quantity" >= 0),
	CONSTRAINT "expenses_status_check" CHECK ("expenses"."status" in ('pending', 'approved', 'rejected', 'paid'))
);
--> statement-breakpoint
CREATE TABLE "induction_modules" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"description" text,
	"compulsory" boolean DEFAULT false NOT NULL,
	"self_completable" boolean DEFAULT false NOT NULL,
	"validity_months" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "induction_modules_validity_check" CHECK ("induction_modules"."validity_months" is null or "induction_modules"."validity_months" > 0)
);
--> statement-breakpoint
CREATE TABLE "leaving_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "skill_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"bio_prompt" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "skills" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"category_id" integer NOT NULL,
	"description" text,
	"expires" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_assignees" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"left_at" timestamp with time zone,
	"leaving_reason_id" integer,
	"leaving_note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"user_id" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"field" text NOT NULL,
	"old_value" text,
	"new_value" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_leaving_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_priorities" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"colour" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_priorities_colour_check" CHECK ("task_priorities"."colour" is null or "task_priorities"."colour" ~ '^#[0-9A-Fa-f]{6}$')
);
--> statement-breakpoint
CREATE TABLE "task_statuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"colour" text,
	"closed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_statuses_colour_check" CHECK ("task_statuses"."colour" is null or "task_statuses"."colour" ~ '^#[0-9A-Fa-f]{6}$')
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"due_date" date,
	"status_id" integer,
	"priority_id" integer,
	"created_by" integer,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "touchpoint_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"touchpoint_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "touchpoint_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "touchpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"type_id" integer,
	"occurred_at" timestamp with time zone NOT NULL,
	"summary" text NOT NULL,
	"details" text,
	"parent_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "touchpoints_id_user_unique" UNIQUE("id","user_id"),
	CONSTRAINT "touchpoints_not_own_parent_check" CHECK ("touchpoints"."parent_id" is null or "touchpoints"."parent_id" <> "touchpoints"."id")
);
--> statement-breakpoint
CREATE TABLE "user_expense_authorisers" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"authoriser_user_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_expense_authorisers_not_self_check" CHECK ("user_expense_authorisers"."user_id" <> "user_expense_authorisers"."authoriser_user_id")
);
--> statement-breakpoint
CREATE TABLE "user_induction_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"induction_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_inductions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"module_id" integer NOT NULL,
	"status" text DEFAULT 'not_started' NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by" integer,
	"expires_on" date,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_inductions_id_user_unique" UNIQUE("id","user_id"),
	CONSTRAINT "user_inductions_status_check" CHECK ("user_inductions"."status" in ('not_started', 'in_progress', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "user_skill_bios" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"bio" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_skills" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"skill_id" integer NOT NULL,
	"dynamic_skill_id" integer,
	"level" text,
	"expires_on" date,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_skills_user_skill_unique" UNIQUE NULLS NOT DISTINCT("user_id","skill_id","dynamic_skill_id"),
	CONSTRAINT "user_skills_level_check" CHECK ("user_skills"."level" is null or "user_skills"."level" in ('beginner', 'intermediate', 'advanced', 'expert'))
);
--> statement-breakpoint
CREATE TABLE "repeating_shifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"rota_id" integer NOT NULL,
	"timeslot_id" integer,
	"team_id" integer,
	"name" text,
	"weekday" integer NOT NULL,
	"every_weeks" integer DEFAULT 1 NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"capacity" integer,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repeating_shifts_weekday_check" CHECK ("repeating_shifts"."weekday" between 0 and 6),
	CONSTRAINT "repeating_shifts_every_weeks_check" CHECK ("repeating_shifts"."every_weeks" between 1 and 52),
	CONSTRAINT "repeating_shifts_dates_check" CHECK ("repeating_shifts"."end_date" is null or "repeating_shifts"."end_date" >= "repeating_shifts"."start_date"),
	CONSTRAINT "repeating_shifts_capacity_check" CHECK ("repeating_shifts"."capacity" is null or "repeating_shifts"."capacity" >= 0),
	CONSTRAINT "repeating_shifts_times_check" CHECK ("repeating_shifts"."start_time" <> "repeating_shifts"."end_time")
);
--> statement-breakpoint
CREATE TABLE "rota_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"rota_id" integer NOT NULL,
	"date" date NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rota_teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"rota_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rota_timeslots" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"rota_id" integer NOT NULL,
	"name" text NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"capacity" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rota_timeslots_capacity_check" CHECK ("rota_timeslots"."capacity" is null or "rota_timeslots"."capacity" >= 0),
	CONSTRAINT "rota_timeslots_times_check" CHECK ("rota_timeslots"."start_time" <> "rota_timeslots"."end_time")
);
--> statement-breakpoint
CREATE TABLE "rotas" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"team_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shift_patterns" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"days" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shift_patterns_days_check" CHECK (jsonb_typeof("shift_patterns"."days") = 'array')
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"rota_id" integer NOT NULL,
	"timeslot_id" integer,
	"team_id" integer,
	"repeating_shift_id" integer,
	"name" text,
	"date" date NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"capacity" integer,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shifts_capacity_check" CHECK ("shifts"."capacity" is null or "shifts"."capacity" >= 0),
	CONSTRAINT "shifts_times_check" CHECK ("shifts"."start_time" <> "shifts"."end_time")
);
--> statement-breakpoint
CREATE TABLE "signups" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"shift_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'signed-up' NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signups_status_check" CHECK ("signups"."status" in ('signed-up', 'confirmed', 'cancelled', 'attended', 'no-show'))
);
--> statement-breakpoint
CREATE TABLE "diversity_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_memberships" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"joined_on" date NOT NULL,
	"left_on" date,
	"leaving_reason_id" integer,
	"motivation_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_memberships_period_check" CHECK ("user_memberships"."left_on" is null or "user_memberships"."left_on" >= "user_memberships"."joined_on")
);
--> statement-breakpoint
CREATE TABLE "disclosure_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"validity_months" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disclosure_types_validity_check" CHECK ("disclosure_types"."validity_months" is null or "disclosure_types"."validity_months" > 0)
);
--> statement-breakpoint
CREATE TABLE "vetting_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"disclosure_type_id" integer NOT NULL,
	"reference_number" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"requested_on" date DEFAULT current_date NOT NULL,
	"cleared_on" date,
	"expires_on" date,
	"notes" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vetting_checks_status_check" CHECK ("vetting_checks"."status" in ('requested', 'in_progress', 'cleared', 'rejected', 'expired')),
	CONSTRAINT "vetting_checks_cleared_check" CHECK (("vetting_checks"."status" in ('cleared', 'expired')) = ("vetting_checks"."cleared_on" is not null)),
	CONSTRAINT "vetting_checks_expired_check" CHECK ("vetting_checks"."status" <> 'expired' or "vetting_checks"."expires_on" is not null),
	CONSTRAINT "vetting_checks_cleared_after_request_check" CHECK ("vetting_checks"."cleared_on" >= "vetting_checks"."requested_on"),
	CONSTRAINT "vetting_checks_expiry_check" CHECK ("vetting_checks"."expires_on" >= coalesce("vetting_checks"."cleared_on", "vetting_checks"."requested_on"))
);
--> statement-breakpoint
CREATE TABLE "activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"category_id" integer,
	"outcome_id" integer,
	"team_id" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"location" text,
	"hours" numeric(7, 2),
	"guests" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_dates_check" CHECK ("activities"."ends_at" is null or "activities"."ends_at" > "activities"."starts_at"),
	CONSTRAINT "activities_hours_check" CHECK ("activities"."hours" is null or "activities"."hours" >= 0),
	CONSTRAINT "activities_guests_check" CHECK ("activities"."guests" >= 0)
);
--> statement-breakpoint
CREATE TABLE "activity_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_outcomes" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_participants" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"hours" numeric(7, 2),
	"attended" boolean,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_participants_hours_check" CHECK ("activity_participants"."hours" is null or "activity_participants"."hours" >= 0)
);
--> statement-breakpoint
CREATE TABLE "hub_document_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hub_document_views_kind_check" CHECK ("hub_document_views"."kind" in ('view', 'download'))
);
--> statement-breakpoint
CREATE TABLE "hub_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"file_id" uuid NOT NULL,
	"folder" text,
	"team_id" integer,
	"published_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_article_reads" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"team_id" integer,
	"published_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"requested_by" integer NOT NULL,
	"kind" text NOT NULL,
	"report" text,
	"columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"query" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_total" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_token" text,
	"csv_file" text,
	"xlsx_file" text,
	"csv_bytes" bigint,
	"xlsx_bytes" bigint,
	"error" text,
	"started_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exports_kind_check" CHECK ("exports"."kind" in ('users', 'report')),
	CONSTRAINT "exports_status_check" CHECK ("exports"."status" in ('queued', 'running', 'ready', 'failed')),
	CONSTRAINT "exports_report_check" CHECK (("exports"."kind" = 'report') = ("exports"."report" is not null))
);
--> statement-breakpoint
CREATE TABLE "export_snapshot_rows" (
	"export_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	"build" text NOT NULL,
	"position" integer NOT NULL,
	"record" json NOT NULL,
	CONSTRAINT "export_snapshot_rows_export_id_build_position_pk" PRIMARY KEY("export_id","build","position")
);
--> statement-breakpoint
CREATE TABLE "demo_histories" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"seed" integer NOT NULL,
	"volunteers" integer NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"route" text NOT NULL,
	"name" text NOT NULL,
	"report" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"query" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"kind" text NOT NULL,
	"sent_record_id" integer NOT NULL,
	"delivered_record_id" integer NOT NULL,
	"recipient_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_deliveries_kind_check" CHECK ("message_deliveries"."kind" in ('reply', 'forward'))
);
--> statement-breakpoint
CREATE TABLE "user_block_protections" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_block_protections_reason_check" CHECK (char_length("user_block_protections"."reason") between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "organisation_hosts" ADD CONSTRAINT "organisation_hosts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_profile_permissions" ADD CONSTRAINT "role_profile_permissions_role_profile_id_role_profiles_id_fk" FOREIGN KEY ("role_profile_id") REFERENCES "public"."role_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_profile_permissions" ADD CONSTRAINT "role_profile_permissions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_profiles" ADD CONSTRAINT "role_profiles_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_addresses" ADD CONSTRAINT "user_addresses_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_addresses" ADD CONSTRAINT "user_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_denied_permissions" ADD CONSTRAINT "user_denied_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_denied_permissions" ADD CONSTRAINT "user_denied_permissions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_email_addresses" ADD CONSTRAINT "user_email_addresses_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_email_addresses" ADD CONSTRAINT "user_email_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_guardians" ADD CONSTRAINT "user_guardians_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_guardians" ADD CONSTRAINT "user_guardians_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_guardians" ADD CONSTRAINT "user_guardians_guardian_user_id_users_id_fk" FOREIGN KEY ("guardian_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_phone_numbers" ADD CONSTRAINT "user_phone_numbers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_phone_numbers" ADD CONSTRAINT "user_phone_numbers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_profile_id_role_profiles_id_fk" FOREIGN KEY ("role_profile_id") REFERENCES "public"."role_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_supervisors" ADD CONSTRAINT "user_supervisors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_supervisors" ADD CONSTRAINT "user_supervisors_supervisor_user_id_users_id_fk" FOREIGN KEY ("supervisor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_status_id_user_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."user_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "motivations" ADD CONSTRAINT "motivations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_change_logs" ADD CONSTRAINT "consent_change_logs_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_change_logs" ADD CONSTRAINT "consent_change_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_change_logs" ADD CONSTRAINT "consent_change_logs_consent_id_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."consents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_change_logs" ADD CONSTRAINT "consent_change_logs_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_options" ADD CONSTRAINT "consent_options_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_options" ADD CONSTRAINT "consent_options_consent_id_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."consents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms" ADD CONSTRAINT "terms_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_consent_answers" ADD CONSTRAINT "user_consent_answers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_consent_answers" ADD CONSTRAINT "user_consent_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_consent_answers" ADD CONSTRAINT "user_consent_answers_consent_id_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."consents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_consent_answers" ADD CONSTRAINT "user_consent_answers_option_fk" FOREIGN KEY ("consent_id","consent_option_id") REFERENCES "public"."consent_options"("consent_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_role_profile_id_role_profiles_id_fk" FOREIGN KEY ("role_profile_id") REFERENCES "public"."role_profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_country_countries_region_fk" FOREIGN KEY ("country") REFERENCES "public"."countries"("region") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_sub_locations" ADD CONSTRAINT "opportunity_sub_locations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_sub_locations" ADD CONSTRAINT "opportunity_sub_locations_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_timeslots" ADD CONSTRAINT "opportunity_timeslots_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_timeslots" ADD CONSTRAINT "opportunity_timeslots_sub_location_id_opportunity_sub_locations_id_fk" FOREIGN KEY ("sub_location_id") REFERENCES "public"."opportunity_sub_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_categories" ADD CONSTRAINT "attribute_categories_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_options" ADD CONSTRAINT "attribute_options_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_options" ADD CONSTRAINT "attribute_options_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attributes" ADD CONSTRAINT "attributes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attributes" ADD CONSTRAINT "attributes_category_id_attribute_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."attribute_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_types" ADD CONSTRAINT "document_types_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_section_additional_consents" ADD CONSTRAINT "form_section_additional_consents_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_section_additional_consents" ADD CONSTRAINT "form_section_additional_consents_section_id_form_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."form_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_section_attributes" ADD CONSTRAINT "form_section_attributes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_section_attributes" ADD CONSTRAINT "form_section_attributes_section_id_form_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."form_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_section_attributes" ADD CONSTRAINT "form_section_attributes_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_section_consents" ADD CONSTRAINT "form_section_consents_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_section_consents" ADD CONSTRAINT "form_section_consents_section_id_form_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."form_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_section_consents" ADD CONSTRAINT "form_section_consents_consent_id_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."consents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_section_documents" ADD CONSTRAINT "form_section_documents_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_section_documents" ADD CONSTRAINT "form_section_documents_section_id_form_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."form_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_section_documents" ADD CONSTRAINT "form_section_documents_document_type_id_document_types_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."document_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_section_questions" ADD CONSTRAINT "form_section_questions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_section_questions" ADD CONSTRAINT "form_section_questions_section_id_form_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."form_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_section_questions" ADD CONSTRAINT "form_section_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_section_terms" ADD CONSTRAINT "form_section_terms_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_section_terms" ADD CONSTRAINT "form_section_terms_section_id_form_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."form_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_section_terms" ADD CONSTRAINT "form_section_terms_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_sections" ADD CONSTRAINT "form_sections_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_sections" ADD CONSTRAINT "form_sections_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_options" ADD CONSTRAINT "question_options_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_options" ADD CONSTRAINT "question_options_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_attribute_value_files" ADD CONSTRAINT "user_attribute_value_files_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_attribute_value_files" ADD CONSTRAINT "user_attribute_value_files_value_id_user_attribute_values_id_fk" FOREIGN KEY ("value_id") REFERENCES "public"."user_attribute_values"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_attribute_value_files" ADD CONSTRAINT "user_attribute_value_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_attribute_values" ADD CONSTRAINT "user_attribute_values_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_attribute_values" ADD CONSTRAINT "user_attribute_values_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_attribute_values" ADD CONSTRAINT "user_attribute_values_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diversity_question_dependencies" ADD CONSTRAINT "diversity_question_dependencies_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diversity_question_dependencies" ADD CONSTRAINT "diversity_question_dependencies_question_id_diversity_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."diversity_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diversity_question_dependencies" ADD CONSTRAINT "diversity_question_dependencies_parent_fk" FOREIGN KEY ("parent_question_id","parent_option_id") REFERENCES "public"."diversity_question_options"("question_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diversity_question_options" ADD CONSTRAINT "diversity_question_options_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diversity_question_options" ADD CONSTRAINT "diversity_question_options_question_id_diversity_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."diversity_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diversity_questions" ADD CONSTRAINT "diversity_questions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_diversity_answers" ADD CONSTRAINT "user_diversity_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_diversity_answers" ADD CONSTRAINT "user_diversity_answers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_diversity_answers" ADD CONSTRAINT "user_diversity_answers_gender_id_diversity_options_id_fk" FOREIGN KEY ("gender_id") REFERENCES "public"."diversity_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_diversity_answers" ADD CONSTRAINT "user_diversity_answers_gender_assigned_id_diversity_options_id_fk" FOREIGN KEY ("gender_assigned_id") REFERENCES "public"."diversity_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_diversity_answers" ADD CONSTRAINT "user_diversity_answers_nationality_id_diversity_options_id_fk" FOREIGN KEY ("nationality_id") REFERENCES "public"."diversity_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_diversity_answers" ADD CONSTRAINT "user_diversity_answers_ethnicity_id_diversity_options_id_fk" FOREIGN KEY ("ethnicity_id") REFERENCES "public"."diversity_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_diversity_answers" ADD CONSTRAINT "user_diversity_answers_sexuality_id_diversity_options_id_fk" FOREIGN KEY ("sexuality_id") REFERENCES "public"."diversity_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_diversity_answers" ADD CONSTRAINT "user_diversity_answers_registered_disabled_id_diversity_options_id_fk" FOREIGN KEY ("registered_disabled_id") REFERENCES "public"."diversity_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_diversity_answers" ADD CONSTRAINT "user_diversity_answers_disabled_select_id_diversity_options_id_fk" FOREIGN KEY ("disabled_select_id") REFERENCES "public"."diversity_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_diversity_answers" ADD CONSTRAINT "user_diversity_answers_religion_id_diversity_options_id_fk" FOREIGN KEY ("religion_id") REFERENCES "public"."diversity_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_diversity_question_answer_options" ADD CONSTRAINT "user_diversity_question_answer_options_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_diversity_question_answer_options" ADD CONSTRAINT "user_diversity_answer_options_answer_fk" FOREIGN KEY ("answer_id","question_id") REFERENCES "public"."user_diversity_question_answers"("id","question_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_diversity_question_answer_options" ADD CONSTRAINT "user_diversity_answer_options_option_fk" FOREIGN KEY ("question_id","option_id") REFERENCES "public"."diversity_question_options"("question_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_diversity_question_answers" ADD CONSTRAINT "user_diversity_question_answers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_diversity_question_answers" ADD CONSTRAINT "user_diversity_question_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_diversity_question_answers" ADD CONSTRAINT "user_diversity_question_answers_question_id_diversity_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."diversity_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diversity_access_log" ADD CONSTRAINT "diversity_access_log_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diversity_access_log" ADD CONSTRAINT "diversity_access_log_reader_user_id_users_id_fk" FOREIGN KEY ("reader_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diversity_access_log" ADD CONSTRAINT "diversity_access_log_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_additional_consents" ADD CONSTRAINT "application_additional_consents_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_additional_consents" ADD CONSTRAINT "application_additional_consents_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_additional_consents" ADD CONSTRAINT "application_additional_consents_additional_consent_id_form_section_additional_consents_id_fk" FOREIGN KEY ("additional_consent_id") REFERENCES "public"."form_section_additional_consents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_addresses" ADD CONSTRAINT "application_addresses_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_addresses" ADD CONSTRAINT "application_addresses_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_document_type_id_document_types_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."document_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_question_answer_files" ADD CONSTRAINT "application_question_answer_files_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_question_answer_files" ADD CONSTRAINT "application_question_answer_files_answer_id_application_question_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."application_question_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_question_answer_files" ADD CONSTRAINT "application_question_answer_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_question_answers" ADD CONSTRAINT "application_question_answers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_question_answers" ADD CONSTRAINT "application_question_answers_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_question_answers" ADD CONSTRAINT "application_question_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_references" ADD CONSTRAINT "application_references_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_references" ADD CONSTRAINT "application_references_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_terms" ADD CONSTRAINT "application_terms_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_terms" ADD CONSTRAINT "application_terms_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_terms" ADD CONSTRAINT "application_terms_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_timeslots" ADD CONSTRAINT "application_timeslots_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_timeslots" ADD CONSTRAINT "application_timeslots_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_timeslots" ADD CONSTRAINT "application_timeslots_timeslot_id_opportunity_timeslots_id_fk" FOREIGN KEY ("timeslot_id") REFERENCES "public"."opportunity_timeslots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_submitted_by_user_id_users_id_fk" FOREIGN KEY ("submitted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_motivation_id_motivations_id_fk" FOREIGN KEY ("motivation_id") REFERENCES "public"."motivations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_apply_actions" ADD CONSTRAINT "opportunity_apply_actions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_apply_actions" ADD CONSTRAINT "opportunity_apply_actions_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_apply_actions" ADD CONSTRAINT "opportunity_apply_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_answers" ADD CONSTRAINT "reference_answers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_answers" ADD CONSTRAINT "reference_answers_reference_id_application_references_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."application_references"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_answers" ADD CONSTRAINT "reference_answers_question_id_reference_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."reference_questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_questions" ADD CONSTRAINT "reference_questions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_requests" ADD CONSTRAINT "reference_requests_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_requests" ADD CONSTRAINT "reference_requests_reference_id_application_references_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."application_references"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "residential_booking_linked_applicants" ADD CONSTRAINT "residential_booking_linked_applicants_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "residential_booking_linked_applicants" ADD CONSTRAINT "residential_booking_linked_applicants_booking_id_residential_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."residential_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "residential_bookings" ADD CONSTRAINT "residential_bookings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "residential_bookings" ADD CONSTRAINT "residential_bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "residential_bookings" ADD CONSTRAINT "residential_bookings_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "residential_bookings" ADD CONSTRAINT "residential_bookings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "residential_bookings" ADD CONSTRAINT "residential_bookings_cancel_reason_id_residential_cancel_reasons_id_fk" FOREIGN KEY ("cancel_reason_id") REFERENCES "public"."residential_cancel_reasons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "residential_bookings" ADD CONSTRAINT "residential_bookings_cancelled_by_user_id_users_id_fk" FOREIGN KEY ("cancelled_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "residential_cancel_reasons" ADD CONSTRAINT "residential_cancel_reasons_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "residential_capacity_limits" ADD CONSTRAINT "residential_capacity_limits_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "residential_capacity_limits" ADD CONSTRAINT "residential_capacity_limits_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_changeover_days" ADD CONSTRAINT "team_changeover_days_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_changeover_days" ADD CONSTRAINT "team_changeover_days_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_room_unavailable_periods" ADD CONSTRAINT "team_room_unavailable_periods_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_room_unavailable_periods" ADD CONSTRAINT "team_room_unavailable_periods_room_id_team_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."team_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_rooms" ADD CONSTRAINT "team_rooms_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_rooms" ADD CONSTRAINT "team_rooms_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_session_id_auth_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."auth_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_log" ADD CONSTRAINT "security_log_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_log" ADD CONSTRAINT "security_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "single_use_tokens" ADD CONSTRAINT "single_use_tokens_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "single_use_tokens" ADD CONSTRAINT "single_use_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "single_use_tokens" ADD CONSTRAINT "single_use_tokens_challenge_id_two_factor_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."two_factor_challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_states" ADD CONSTRAINT "sso_states_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trusted_devices" ADD CONSTRAINT "trusted_devices_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trusted_devices" ADD CONSTRAINT "trusted_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor_challenges" ADD CONSTRAINT "two_factor_challenges_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor_challenges" ADD CONSTRAINT "two_factor_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "used_totp_steps" ADD CONSTRAINT "used_totp_steps_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "used_totp_steps" ADD CONSTRAINT "used_totp_steps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_submissions" ADD CONSTRAINT "application_submissions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_submissions" ADD CONSTRAINT "application_submissions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_records" ADD CONSTRAINT "catalogue_records_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_records" ADD CONSTRAINT "catalogue_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attachments" ADD CONSTRAINT "event_attachments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attachments" ADD CONSTRAINT "event_attachments_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attachments" ADD CONSTRAINT "event_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_invitations" ADD CONSTRAINT "event_invitations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_invitations" ADD CONSTRAINT "event_invitations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_invitations" ADD CONSTRAINT "event_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_sessions" ADD CONSTRAINT "event_sessions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_sessions" ADD CONSTRAINT "event_sessions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_supervisors" ADD CONSTRAINT "event_supervisors_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_supervisors" ADD CONSTRAINT "event_supervisors_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_supervisors" ADD CONSTRAINT "event_supervisors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_attendees" ADD CONSTRAINT "session_attendees_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_attendees" ADD CONSTRAINT "session_attendees_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_attendees" ADD CONSTRAINT "session_attendees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_attendees" ADD CONSTRAINT "session_attendees_session_event_fk" FOREIGN KEY ("session_id","event_id") REFERENCES "public"."event_sessions"("id","event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_descriptions" ADD CONSTRAINT "permission_descriptions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_descriptions" ADD CONSTRAINT "permission_descriptions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_group_permissions" ADD CONSTRAINT "permission_group_permissions_permission_group_id_permission_groups_id_fk" FOREIGN KEY ("permission_group_id") REFERENCES "public"."permission_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_group_permissions" ADD CONSTRAINT "permission_group_permissions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_groups" ADD CONSTRAINT "permission_groups_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_profile_permission_groups" ADD CONSTRAINT "role_profile_permission_groups_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_profile_permission_groups" ADD CONSTRAINT "role_profile_permission_groups_role_profile_id_role_profiles_id_fk" FOREIGN KEY ("role_profile_id") REFERENCES "public"."role_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_profile_permission_groups" ADD CONSTRAINT "role_profile_permission_groups_permission_group_id_permission_groups_id_fk" FOREIGN KEY ("permission_group_id") REFERENCES "public"."permission_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permission_groups" ADD CONSTRAINT "user_permission_groups_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permission_groups" ADD CONSTRAINT "user_permission_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permission_groups" ADD CONSTRAINT "user_permission_groups_permission_group_id_permission_groups_id_fk" FOREIGN KEY ("permission_group_id") REFERENCES "public"."permission_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dynamic_skills" ADD CONSTRAINT "dynamic_skills_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dynamic_skills" ADD CONSTRAINT "dynamic_skills_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_attachments" ADD CONSTRAINT "expense_attachments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_attachments" ADD CONSTRAINT "expense_attachments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_attachments" ADD CONSTRAINT "expense_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_attachments" ADD CONSTRAINT "expense_attachments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_attachments" ADD CONSTRAINT "expense_attachments_expense_user_fk" FOREIGN KEY ("expense_id","user_id") REFERENCES "public"."expenses"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_rates" ADD CONSTRAINT "expense_rates_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_rates" ADD CONSTRAINT "expense_rates_type_id_expense_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."expense_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_types" ADD CONSTRAINT "expense_types_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_type_id_expense_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."expense_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_rate_id_expense_rates_id_fk" FOREIGN KEY ("rate_id") REFERENCES "public"."expense_rates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_claim_user_fk" FOREIGN KEY ("claim_id","user_id") REFERENCES "public"."claims"("id","user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "induction_modules" ADD CONSTRAINT "induction_modules_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaving_reasons" ADD CONSTRAINT "leaving_reasons_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_categories" ADD CONSTRAINT "skill_categories_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skills" ADD CONSTRAINT "skills_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skills" ADD CONSTRAINT "skills_category_id_skill_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."skill_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_assignees" ADD CONSTRAINT "task_assignees_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_assignees" ADD CONSTRAINT "task_assignees_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_assignees" ADD CONSTRAINT "task_assignees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_assignees" ADD CONSTRAINT "task_assignees_leaving_reason_id_task_leaving_reasons_id_fk" FOREIGN KEY ("leaving_reason_id") REFERENCES "public"."task_leaving_reasons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_assignees" ADD CONSTRAINT "task_assignees_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_attachments" ADD CONSTRAINT "task_attachments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_attachments" ADD CONSTRAINT "task_attachments_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_attachments" ADD CONSTRAINT "task_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_attachments" ADD CONSTRAINT "task_attachments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_history" ADD CONSTRAINT "task_history_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_history" ADD CONSTRAINT "task_history_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_history" ADD CONSTRAINT "task_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_leaving_reasons" ADD CONSTRAINT "task_leaving_reasons_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_priorities" ADD CONSTRAINT "task_priorities_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_statuses" ADD CONSTRAINT "task_statuses_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_status_id_task_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."task_statuses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_priority_id_task_priorities_id_fk" FOREIGN KEY ("priority_id") REFERENCES "public"."task_priorities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "touchpoint_attachments" ADD CONSTRAINT "touchpoint_attachments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "touchpoint_attachments" ADD CONSTRAINT "touchpoint_attachments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "touchpoint_attachments" ADD CONSTRAINT "touchpoint_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "touchpoint_attachments" ADD CONSTRAINT "touchpoint_attachments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "touchpoint_attachments" ADD CONSTRAINT "touchpoint_attachments_touchpoint_user_fk" FOREIGN KEY ("touchpoint_id","user_id") REFERENCES "public"."touchpoints"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "touchpoint_types" ADD CONSTRAINT "touchpoint_types_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "touchpoints" ADD CONSTRAINT "touchpoints_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "touchpoints" ADD CONSTRAINT "touchpoints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "touchpoints" ADD CONSTRAINT "touchpoints_type_id_touchpoint_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."touchpoint_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "touchpoints" ADD CONSTRAINT "touchpoints_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "touchpoints" ADD CONSTRAINT "touchpoints_parent_user_fk" FOREIGN KEY ("parent_id","user_id") REFERENCES "public"."touchpoints"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_expense_authorisers" ADD CONSTRAINT "user_expense_authorisers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_expense_authorisers" ADD CONSTRAINT "user_expense_authorisers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_expense_authorisers" ADD CONSTRAINT "user_expense_authorisers_authoriser_user_id_users_id_fk" FOREIGN KEY ("authoriser_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_expense_authorisers" ADD CONSTRAINT "user_expense_authorisers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_induction_attachments" ADD CONSTRAINT "user_induction_attachments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_induction_attachments" ADD CONSTRAINT "user_induction_attachments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_induction_attachments" ADD CONSTRAINT "user_induction_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_induction_attachments" ADD CONSTRAINT "user_induction_attachments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_induction_attachments" ADD CONSTRAINT "user_induction_attachments_induction_user_fk" FOREIGN KEY ("induction_id","user_id") REFERENCES "public"."user_inductions"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_inductions" ADD CONSTRAINT "user_inductions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_inductions" ADD CONSTRAINT "user_inductions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_inductions" ADD CONSTRAINT "user_inductions_module_id_induction_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."induction_modules"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_inductions" ADD CONSTRAINT "user_inductions_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_skill_bios" ADD CONSTRAINT "user_skill_bios_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_skill_bios" ADD CONSTRAINT "user_skill_bios_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_skill_bios" ADD CONSTRAINT "user_skill_bios_category_id_skill_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."skill_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_skills" ADD CONSTRAINT "user_skills_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_skills" ADD CONSTRAINT "user_skills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_skills" ADD CONSTRAINT "user_skills_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_skills" ADD CONSTRAINT "user_skills_dynamic_skill_fk" FOREIGN KEY ("dynamic_skill_id","skill_id") REFERENCES "public"."dynamic_skills"("id","skill_id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "repeating_shifts" ADD CONSTRAINT "repeating_shifts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repeating_shifts" ADD CONSTRAINT "repeating_shifts_rota_id_rotas_id_fk" FOREIGN KEY ("rota_id") REFERENCES "public"."rotas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repeating_shifts" ADD CONSTRAINT "repeating_shifts_timeslot_id_rota_timeslots_id_fk" FOREIGN KEY ("timeslot_id") REFERENCES "public"."rota_timeslots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repeating_shifts" ADD CONSTRAINT "repeating_shifts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rota_days" ADD CONSTRAINT "rota_days_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rota_days" ADD CONSTRAINT "rota_days_rota_id_rotas_id_fk" FOREIGN KEY ("rota_id") REFERENCES "public"."rotas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rota_teams" ADD CONSTRAINT "rota_teams_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rota_teams" ADD CONSTRAINT "rota_teams_rota_id_rotas_id_fk" FOREIGN KEY ("rota_id") REFERENCES "public"."rotas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rota_teams" ADD CONSTRAINT "rota_teams_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rota_timeslots" ADD CONSTRAINT "rota_timeslots_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rota_timeslots" ADD CONSTRAINT "rota_timeslots_rota_id_rotas_id_fk" FOREIGN KEY ("rota_id") REFERENCES "public"."rotas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rotas" ADD CONSTRAINT "rotas_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rotas" ADD CONSTRAINT "rotas_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_patterns" ADD CONSTRAINT "shift_patterns_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_rota_id_rotas_id_fk" FOREIGN KEY ("rota_id") REFERENCES "public"."rotas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_timeslot_id_rota_timeslots_id_fk" FOREIGN KEY ("timeslot_id") REFERENCES "public"."rota_timeslots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_repeating_shift_id_repeating_shifts_id_fk" FOREIGN KEY ("repeating_shift_id") REFERENCES "public"."repeating_shifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signups" ADD CONSTRAINT "signups_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signups" ADD CONSTRAINT "signups_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signups" ADD CONSTRAINT "signups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diversity_links" ADD CONSTRAINT "diversity_links_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diversity_links" ADD CONSTRAINT "diversity_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diversity_links" ADD CONSTRAINT "diversity_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_memberships" ADD CONSTRAINT "user_memberships_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_memberships" ADD CONSTRAINT "user_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_memberships" ADD CONSTRAINT "user_memberships_leaving_reason_id_leaving_reasons_id_fk" FOREIGN KEY ("leaving_reason_id") REFERENCES "public"."leaving_reasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_memberships" ADD CONSTRAINT "user_memberships_motivation_id_motivations_id_fk" FOREIGN KEY ("motivation_id") REFERENCES "public"."motivations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disclosure_types" ADD CONSTRAINT "disclosure_types_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vetting_checks" ADD CONSTRAINT "vetting_checks_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vetting_checks" ADD CONSTRAINT "vetting_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vetting_checks" ADD CONSTRAINT "vetting_checks_disclosure_type_id_disclosure_types_id_fk" FOREIGN KEY ("disclosure_type_id") REFERENCES "public"."disclosure_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vetting_checks" ADD CONSTRAINT "vetting_checks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_category_id_activity_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."activity_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_outcome_id_activity_outcomes_id_fk" FOREIGN KEY ("outcome_id") REFERENCES "public"."activity_outcomes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_categories" ADD CONSTRAINT "activity_categories_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_outcomes" ADD CONSTRAINT "activity_outcomes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_participants" ADD CONSTRAINT "activity_participants_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_participants" ADD CONSTRAINT "activity_participants_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_participants" ADD CONSTRAINT "activity_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_participants" ADD CONSTRAINT "activity_participants_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_document_views" ADD CONSTRAINT "hub_document_views_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_document_views" ADD CONSTRAINT "hub_document_views_document_id_hub_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."hub_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_document_views" ADD CONSTRAINT "hub_document_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_documents" ADD CONSTRAINT "hub_documents_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_documents" ADD CONSTRAINT "hub_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_documents" ADD CONSTRAINT "hub_documents_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_documents" ADD CONSTRAINT "hub_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_article_reads" ADD CONSTRAINT "news_article_reads_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_article_reads" ADD CONSTRAINT "news_article_reads_article_id_news_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."news_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_article_reads" ADD CONSTRAINT "news_article_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_articles" ADD CONSTRAINT "news_articles_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_articles" ADD CONSTRAINT "news_articles_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_articles" ADD CONSTRAINT "news_articles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exports" ADD CONSTRAINT "exports_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exports" ADD CONSTRAINT "exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_snapshot_rows" ADD CONSTRAINT "export_snapshot_rows_export_id_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_snapshot_rows" ADD CONSTRAINT "export_snapshot_rows_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_histories" ADD CONSTRAINT "demo_histories_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_reports" ADD CONSTRAINT "saved_reports_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_reports" ADD CONSTRAINT "saved_reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_sent_record_id_catalogue_records_id_fk" FOREIGN KEY ("sent_record_id") REFERENCES "public"."catalogue_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_delivered_record_id_catalogue_records_id_fk" FOREIGN KEY ("delivered_record_id") REFERENCES "public"."catalogue_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_recipient_user_id_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_block_protections" ADD CONSTRAINT "user_block_protections_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_block_protections" ADD CONSTRAINT "user_block_protections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_block_protections" ADD CONSTRAINT "user_block_protections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_hosts_host_unique" ON "organisation_hosts" USING btree (lower("host"));--> statement-breakpoint
CREATE INDEX "role_profiles_organisation_idx" ON "role_profiles" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "teams_organisation_idx" ON "teams" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "user_addresses_user_idx" ON "user_addresses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_email_addresses_org_email_unique" ON "user_email_addresses" USING btree ("organisation_id",lower("email"));--> statement-breakpoint
CREATE INDEX "user_email_addresses_user_idx" ON "user_email_addresses" USING btree ("user_id","organisation_id");--> statement-breakpoint
CREATE INDEX "user_guardians_user_idx" ON "user_guardians" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_phone_numbers_user_idx" ON "user_phone_numbers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_roles_user_idx" ON "user_roles" USING btree ("user_id","team_id","role_profile_id");--> statement-breakpoint
CREATE INDEX "user_roles_team_profile_idx" ON "user_roles" USING btree ("team_id","role_profile_id");--> statement-breakpoint
CREATE INDEX "users_organisation_people_idx" ON "users" USING btree ("organisation_id","id","status_id","created_at","dob");--> statement-breakpoint
CREATE INDEX "users_organisation_name_idx" ON "users" USING btree ("organisation_id","last_name","first_name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_sso_subject_unique" ON "users" USING btree ("organisation_id","sso_subject");--> statement-breakpoint
CREATE INDEX "files_organisation_idx" ON "files" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "files_ephemeral_idx" ON "files" USING btree ("ephemeral","created_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_created_idx" ON "outbox_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_organisation_idx" ON "outbox_messages" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "outbox_messages_to_idx" ON "outbox_messages" USING btree (lower("to"));--> statement-breakpoint
CREATE INDEX "outbox_messages_queued_idx" ON "outbox_messages" USING btree ("id") WHERE "outbox_messages"."sent_at" is null and "outbox_messages"."error" is null and "outbox_messages"."transport" <> 'store';--> statement-breakpoint
CREATE INDEX "motivations_organisation_idx" ON "motivations" USING btree ("organisation_id","position");--> statement-breakpoint
CREATE INDEX "consent_change_logs_user_consent_idx" ON "consent_change_logs" USING btree ("user_id","consent_id","created_at");--> statement-breakpoint
CREATE INDEX "consent_options_consent_idx" ON "consent_options" USING btree ("consent_id","position");--> statement-breakpoint
CREATE INDEX "consents_organisation_idx" ON "consents" USING btree ("organisation_id","position");--> statement-breakpoint
CREATE INDEX "terms_organisation_idx" ON "terms" USING btree ("organisation_id","position");--> statement-breakpoint
CREATE INDEX "user_consent_answers_consent_idx" ON "user_consent_answers" USING btree ("consent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "opportunities_organisation_slug_unique" ON "opportunities" USING btree ("organisation_id","slug");--> statement-breakpoint
CREATE INDEX "opportunities_team_role_idx" ON "opportunities" USING btree ("team_id","role_profile_id");--> statement-breakpoint
CREATE INDEX "opportunities_organisation_location_idx" ON "opportunities" USING btree ("organisation_id","country","county");--> statement-breakpoint
CREATE INDEX "opportunity_sub_locations_opportunity_idx" ON "opportunity_sub_locations" USING btree ("opportunity_id","position");--> statement-breakpoint
CREATE INDEX "opportunity_timeslots_sub_location_idx" ON "opportunity_timeslots" USING btree ("sub_location_id","position");--> statement-breakpoint
CREATE INDEX "attribute_categories_organisation_idx" ON "attribute_categories" USING btree ("organisation_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "attribute_options_attribute_value_unique" ON "attribute_options" USING btree ("attribute_id","value");--> statement-breakpoint
CREATE INDEX "attribute_options_attribute_idx" ON "attribute_options" USING btree ("attribute_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "attributes_organisation_slug_unique" ON "attributes" USING btree ("organisation_id","slug");--> statement-breakpoint
CREATE INDEX "document_types_organisation_idx" ON "document_types" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "form_section_additional_consents_section_idx" ON "form_section_additional_consents" USING btree ("section_id","position");--> statement-breakpoint
CREATE INDEX "form_section_attributes_attribute_idx" ON "form_section_attributes" USING btree ("attribute_id");--> statement-breakpoint
CREATE INDEX "form_section_consents_consent_idx" ON "form_section_consents" USING btree ("consent_id");--> statement-breakpoint
CREATE INDEX "form_section_documents_document_type_idx" ON "form_section_documents" USING btree ("document_type_id");--> statement-breakpoint
CREATE INDEX "form_section_questions_question_idx" ON "form_section_questions" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "form_section_terms_term_idx" ON "form_section_terms" USING btree ("term_id");--> statement-breakpoint
CREATE UNIQUE INDEX "form_sections_opportunity_position_unique" ON "form_sections" USING btree ("opportunity_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "question_options_question_value_unique" ON "question_options" USING btree ("question_id","value");--> statement-breakpoint
CREATE INDEX "question_options_question_idx" ON "question_options" USING btree ("question_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "questions_organisation_slug_unique" ON "questions" USING btree ("organisation_id","slug");--> statement-breakpoint
CREATE INDEX "user_attribute_value_files_file_idx" ON "user_attribute_value_files" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_attribute_values_user_attribute_unique" ON "user_attribute_values" USING btree ("user_id","attribute_id");--> statement-breakpoint
CREATE INDEX "user_attribute_values_attribute_idx" ON "user_attribute_values" USING btree ("attribute_id");--> statement-breakpoint
CREATE INDEX "diversity_options_field_idx" ON "diversity_options" USING btree ("field","position");--> statement-breakpoint
CREATE UNIQUE INDEX "diversity_question_dependencies_unique" ON "diversity_question_dependencies" USING btree ("question_id","parent_option_id");--> statement-breakpoint
CREATE INDEX "diversity_question_dependencies_parent_idx" ON "diversity_question_dependencies" USING btree ("parent_question_id");--> statement-breakpoint
CREATE INDEX "diversity_question_options_question_idx" ON "diversity_question_options" USING btree ("question_id","position");--> statement-breakpoint
CREATE INDEX "diversity_questions_organisation_idx" ON "diversity_questions" USING btree ("organisation_id","position");--> statement-breakpoint
CREATE INDEX "user_diversity_answer_options_option_idx" ON "user_diversity_question_answer_options" USING btree ("option_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_diversity_question_answers_user_question_unique" ON "user_diversity_question_answers" USING btree ("user_id","question_id");--> statement-breakpoint
CREATE INDEX "user_diversity_question_answers_question_idx" ON "user_diversity_question_answers" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "diversity_access_log_subject_idx" ON "diversity_access_log" USING btree ("organisation_id","subject_user_id","read_at");--> statement-breakpoint
CREATE INDEX "diversity_access_log_reader_idx" ON "diversity_access_log" USING btree ("organisation_id","reader_user_id","read_at");--> statement-breakpoint
CREATE UNIQUE INDEX "application_addresses_application_position_unique" ON "application_addresses" USING btree ("application_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "application_documents_application_file_unique" ON "application_documents" USING btree ("application_id","file_id");--> statement-breakpoint
CREATE INDEX "application_documents_document_type_idx" ON "application_documents" USING btree ("document_type_id");--> statement-breakpoint
CREATE INDEX "application_question_answer_files_file_idx" ON "application_question_answer_files" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "application_question_answers_application_question_unique" ON "application_question_answers" USING btree ("application_id","question_id");--> statement-breakpoint
CREATE INDEX "application_question_answers_question_idx" ON "application_question_answers" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "application_references_application_idx" ON "application_references" USING btree ("application_id","position");--> statement-breakpoint
CREATE INDEX "application_terms_term_idx" ON "application_terms" USING btree ("term_id");--> statement-breakpoint
CREATE INDEX "application_timeslots_timeslot_idx" ON "application_timeslots" USING btree ("timeslot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_organisation_idempotency_unique" ON "applications" USING btree ("organisation_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "applications_user_idx" ON "applications" USING btree ("user_id","opportunity_id");--> statement-breakpoint
CREATE INDEX "applications_opportunity_idx" ON "applications" USING btree ("opportunity_id");--> statement-breakpoint
CREATE INDEX "opportunity_apply_actions_opportunity_idx" ON "opportunity_apply_actions" USING btree ("opportunity_id","created_at");--> statement-breakpoint
CREATE INDEX "reference_answers_reference_idx" ON "reference_answers" USING btree ("reference_id","position");--> statement-breakpoint
CREATE INDEX "reference_questions_organisation_idx" ON "reference_questions" USING btree ("organisation_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "reference_requests_token_hash_unique" ON "reference_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "reference_requests_reference_unique" ON "reference_requests" USING btree ("reference_id");--> statement-breakpoint
CREATE INDEX "residential_booking_linked_applicants_booking_idx" ON "residential_booking_linked_applicants" USING btree ("booking_id","position");--> statement-breakpoint
CREATE INDEX "residential_bookings_team_dates_idx" ON "residential_bookings" USING btree ("team_id","start_date","end_date");--> statement-breakpoint
CREATE INDEX "residential_bookings_user_idx" ON "residential_bookings" USING btree ("user_id","end_date");--> statement-breakpoint
CREATE INDEX "residential_bookings_application_idx" ON "residential_bookings" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "residential_cancel_reasons_organisation_idx" ON "residential_cancel_reasons" USING btree ("organisation_id","position");--> statement-breakpoint
CREATE INDEX "residential_capacity_limits_team_idx" ON "residential_capacity_limits" USING btree ("team_id","from_date");--> statement-breakpoint
CREATE INDEX "team_changeover_days_team_idx" ON "team_changeover_days" USING btree ("team_id","start_date");--> statement-breakpoint
CREATE INDEX "team_room_unavailable_periods_room_idx" ON "team_room_unavailable_periods" USING btree ("room_id","from_date");--> statement-breakpoint
CREATE INDEX "team_rooms_team_idx" ON "team_rooms" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "auth_sessions_user_idx" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_tokens_session_idx" ON "auth_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "recovery_codes_user_idx" ON "recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "security_log_organisation_idx" ON "security_log" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "security_log_user_idx" ON "security_log" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "security_log_sign_ins_idx" ON "security_log" USING btree ("organisation_id","user_id","created_at") WHERE "security_log"."event" = 'sign_in' and "security_log"."outcome" = 'success' and "security_log"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "single_use_tokens_user_idx" ON "single_use_tokens" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "trusted_devices_user_idx" ON "trusted_devices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "two_factor_challenges_user_idx" ON "two_factor_challenges" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "application_submissions_organisation_key_unique" ON "application_submissions" USING btree ("organisation_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "application_submissions_created_idx" ON "application_submissions" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_source_key_idx" ON "addresses" USING btree ("source","source_key");--> statement-breakpoint
CREATE INDEX "addresses_postcode_key_idx" ON "addresses" USING btree ("postcode_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "addresses_street_key_idx" ON "addresses" USING btree ("street_key");--> statement-breakpoint
CREATE INDEX "addresses_search_idx" ON "addresses" USING gin ("search");--> statement-breakpoint
CREATE INDEX "catalogue_records_scope_idx" ON "catalogue_records" USING btree ("organisation_id","entry","parent_key","id");--> statement-breakpoint
CREATE INDEX "catalogue_records_body_idx" ON "catalogue_records" USING gin ("body" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "event_attachments_organisation_idx" ON "event_attachments" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_attachments_event_file_unique" ON "event_attachments" USING btree ("event_id","file_id");--> statement-breakpoint
CREATE INDEX "event_attachments_file_idx" ON "event_attachments" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "event_invitations_organisation_idx" ON "event_invitations" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_invitations_event_user_unique" ON "event_invitations" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_invitations_event_email_unique" ON "event_invitations" USING btree ("event_id",lower("email"));--> statement-breakpoint
CREATE INDEX "event_invitations_user_idx" ON "event_invitations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "event_sessions_event_starts_idx" ON "event_sessions" USING btree ("event_id","starts_at");--> statement-breakpoint
CREATE INDEX "event_sessions_organisation_starts_idx" ON "event_sessions" USING btree ("organisation_id","starts_at");--> statement-breakpoint
CREATE INDEX "event_supervisors_organisation_idx" ON "event_supervisors" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_supervisors_event_user_unique" ON "event_supervisors" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "event_supervisors_user_idx" ON "event_supervisors" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "events_organisation_starts_idx" ON "events" USING btree ("organisation_id","starts_at");--> statement-breakpoint
CREATE INDEX "events_team_idx" ON "events" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "session_attendees_session_user_unique" ON "session_attendees" USING btree ("session_id","user_id");--> statement-breakpoint
CREATE INDEX "session_attendees_event_idx" ON "session_attendees" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "session_attendees_user_idx" ON "session_attendees" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_attendees_organisation_idx" ON "session_attendees" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "permission_group_permissions_permission_idx" ON "permission_group_permissions" USING btree ("permission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "permission_groups_org_name_unique" ON "permission_groups" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE INDEX "role_profile_permission_groups_group_idx" ON "role_profile_permission_groups" USING btree ("permission_group_id");--> statement-breakpoint
CREATE INDEX "user_permission_groups_group_idx" ON "user_permission_groups" USING btree ("permission_group_id");--> statement-breakpoint
CREATE INDEX "claims_organisation_status_idx" ON "claims" USING btree ("organisation_id","status","submitted_at");--> statement-breakpoint
CREATE INDEX "claims_organisation_submitted_idx" ON "claims" USING btree ("organisation_id","submitted_at","id");--> statement-breakpoint
CREATE INDEX "claims_user_idx" ON "claims" USING btree ("user_id","submitted_at");--> statement-breakpoint
CREATE INDEX "claims_decided_by_idx" ON "claims" USING btree ("decided_by");--> statement-breakpoint
CREATE INDEX "dynamic_skills_skill_idx" ON "dynamic_skills" USING btree ("skill_id","position");--> statement-breakpoint
CREATE INDEX "dynamic_skills_organisation_idx" ON "dynamic_skills" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "expense_attachments_expense_file_unique" ON "expense_attachments" USING btree ("expense_id","file_id");--> statement-breakpoint
CREATE INDEX "expense_attachments_file_idx" ON "expense_attachments" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "expense_rates_organisation_idx" ON "expense_rates" USING btree ("organisation_id","position");--> statement-breakpoint
CREATE INDEX "expense_rates_type_idx" ON "expense_rates" USING btree ("type_id");--> statement-breakpoint
CREATE INDEX "expense_types_organisation_idx" ON "expense_types" USING btree ("organisation_id","position");--> statement-breakpoint
CREATE INDEX "expenses_user_idx" ON "expenses" USING btree ("user_id","spent_on");--> statement-breakpoint
CREATE INDEX "expenses_claim_idx" ON "expenses" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "expenses_type_idx" ON "expenses" USING btree ("type_id");--> statement-breakpoint
CREATE INDEX "expenses_organisation_date_idx" ON "expenses" USING btree ("organisation_id","spent_on");--> statement-breakpoint
CREATE INDEX "induction_modules_organisation_idx" ON "induction_modules" USING btree ("organisation_id","position");--> statement-breakpoint
CREATE INDEX "leaving_reasons_organisation_idx" ON "leaving_reasons" USING btree ("organisation_id","position");--> statement-breakpoint
CREATE INDEX "skill_categories_organisation_idx" ON "skill_categories" USING btree ("organisation_id","position");--> statement-breakpoint
CREATE INDEX "skills_category_idx" ON "skills" USING btree ("category_id","position");--> statement-breakpoint
CREATE INDEX "skills_organisation_idx" ON "skills" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_assignees_task_user_unique" ON "task_assignees" USING btree ("task_id","user_id");--> statement-breakpoint
CREATE INDEX "task_assignees_user_idx" ON "task_assignees" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "task_assignees_leaving_reason_idx" ON "task_assignees" USING btree ("leaving_reason_id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_attachments_task_file_unique" ON "task_attachments" USING btree ("task_id","file_id");--> statement-breakpoint
CREATE INDEX "task_attachments_file_idx" ON "task_attachments" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "task_history_task_idx" ON "task_history" USING btree ("task_id","changed_at");--> statement-breakpoint
CREATE INDEX "task_history_user_idx" ON "task_history" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "task_leaving_reasons_organisation_idx" ON "task_leaving_reasons" USING btree ("organisation_id","position");--> statement-breakpoint
CREATE INDEX "task_priorities_organisation_idx" ON "task_priorities" USING btree ("organisation_id","position");--> statement-breakpoint
CREATE INDEX "task_statuses_organisation_idx" ON "task_statuses" USING btree ("organisation_id","position");--> statement-breakpoint
CREATE INDEX "tasks_organisation_due_idx" ON "tasks" USING btree ("organisation_id","due_date");--> statement-breakpoint
CREATE INDEX "tasks_status_idx" ON "tasks" USING btree ("status_id");--> statement-breakpoint
CREATE INDEX "tasks_priority_idx" ON "tasks" USING btree ("priority_id");--> statement-breakpoint
CREATE INDEX "tasks_created_by_idx" ON "tasks" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "touchpoint_attachments_touchpoint_file_unique" ON "touchpoint_attachments" USING btree ("touchpoint_id","file_id");--> statement-breakpoint
CREATE INDEX "touchpoint_attachments_file_idx" ON "touchpoint_attachments" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "touchpoint_types_organisation_idx" ON "touchpoint_types" USING btree ("organisation_id","position");--> statement-breakpoint
CREATE INDEX "touchpoints_user_idx" ON "touchpoints" USING btree ("user_id","occurred_at");--> statement-breakpoint
CREATE INDEX "touchpoints_parent_idx" ON "touchpoints" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "touchpoints_organisation_type_idx" ON "touchpoints" USING btree ("organisation_id","type_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_expense_authorisers_pair_unique" ON "user_expense_authorisers" USING btree ("user_id","authoriser_user_id");--> statement-breakpoint
CREATE INDEX "user_expense_authorisers_authoriser_idx" ON "user_expense_authorisers" USING btree ("authoriser_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_induction_attachments_induction_file_unique" ON "user_induction_attachments" USING btree ("induction_id","file_id");--> statement-breakpoint
CREATE INDEX "user_induction_attachments_file_idx" ON "user_induction_attachments" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_inductions_user_module_unique" ON "user_inductions" USING btree ("user_id","module_id");--> statement-breakpoint
CREATE INDEX "user_inductions_module_status_idx" ON "user_inductions" USING btree ("module_id","status");--> statement-breakpoint
CREATE INDEX "user_inductions_organisation_expiry_idx" ON "user_inductions" USING btree ("organisation_id","expires_on");--> statement-breakpoint
CREATE INDEX "user_inductions_user_organisation_idx" ON "user_inductions" USING btree ("user_id","organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_skill_bios_user_category_unique" ON "user_skill_bios" USING btree ("user_id","category_id");--> statement-breakpoint
CREATE INDEX "user_skill_bios_category_idx" ON "user_skill_bios" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "user_skills_skill_idx" ON "user_skills" USING btree ("skill_id");--> statement-breakpoint
CREATE INDEX "user_skills_dynamic_skill_idx" ON "user_skills" USING btree ("dynamic_skill_id");--> statement-breakpoint
CREATE INDEX "user_skills_organisation_expiry_idx" ON "user_skills" USING btree ("organisation_id","expires_on");--> statement-breakpoint
CREATE INDEX "repeating_shifts_rota_idx" ON "repeating_shifts" USING btree ("rota_id","weekday");--> statement-breakpoint
CREATE INDEX "repeating_shifts_organisation_idx" ON "repeating_shifts" USING btree ("organisation_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "rota_days_rota_date_unique" ON "rota_days" USING btree ("rota_id","date");--> statement-breakpoint
CREATE INDEX "rota_days_organisation_date_idx" ON "rota_days" USING btree ("organisation_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "rota_teams_rota_team_unique" ON "rota_teams" USING btree ("rota_id","team_id");--> statement-breakpoint
CREATE INDEX "rota_teams_organisation_team_idx" ON "rota_teams" USING btree ("organisation_id","team_id");--> statement-breakpoint
CREATE INDEX "rota_timeslots_rota_idx" ON "rota_timeslots" USING btree ("rota_id","position");--> statement-breakpoint
CREATE INDEX "rota_timeslots_organisation_idx" ON "rota_timeslots" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "rotas_organisation_name_idx" ON "rotas" USING btree ("organisation_id","name");--> statement-breakpoint
CREATE INDEX "rotas_team_idx" ON "rotas" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "shift_patterns_organisation_name_idx" ON "shift_patterns" USING btree ("organisation_id","name");--> statement-breakpoint
CREATE INDEX "shifts_organisation_date_idx" ON "shifts" USING btree ("organisation_id","date","start_time");--> statement-breakpoint
CREATE INDEX "shifts_rota_date_idx" ON "shifts" USING btree ("rota_id","date");--> statement-breakpoint
CREATE INDEX "shifts_team_date_idx" ON "shifts" USING btree ("team_id","date");--> statement-breakpoint
CREATE INDEX "shifts_timeslot_idx" ON "shifts" USING btree ("timeslot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_repeating_date_unique" ON "shifts" USING btree ("repeating_shift_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "signups_shift_user_unique" ON "signups" USING btree ("shift_id","user_id");--> statement-breakpoint
CREATE INDEX "signups_organisation_user_idx" ON "signups" USING btree ("organisation_id","user_id");--> statement-breakpoint
CREATE INDEX "signups_shift_status_idx" ON "signups" USING btree ("shift_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "diversity_links_token_hash_unique" ON "diversity_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "diversity_links_user_idx" ON "diversity_links" USING btree ("organisation_id","user_id");--> statement-breakpoint
CREATE INDEX "user_memberships_organisation_joined_idx" ON "user_memberships" USING btree ("organisation_id","joined_on");--> statement-breakpoint
CREATE INDEX "user_memberships_organisation_left_idx" ON "user_memberships" USING btree ("organisation_id","left_on");--> statement-breakpoint
CREATE INDEX "user_memberships_user_idx" ON "user_memberships" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "disclosure_types_organisation_idx" ON "disclosure_types" USING btree ("organisation_id","position");--> statement-breakpoint
CREATE INDEX "vetting_checks_user_idx" ON "vetting_checks" USING btree ("user_id","organisation_id","requested_on");--> statement-breakpoint
CREATE INDEX "vetting_checks_organisation_requested_idx" ON "vetting_checks" USING btree ("organisation_id","requested_on");--> statement-breakpoint
CREATE INDEX "vetting_checks_organisation_cleared_idx" ON "vetting_checks" USING btree ("organisation_id","cleared_on");--> statement-breakpoint
CREATE INDEX "vetting_checks_organisation_expiry_idx" ON "vetting_checks" USING btree ("organisation_id","expires_on");--> statement-breakpoint
CREATE INDEX "vetting_checks_type_idx" ON "vetting_checks" USING btree ("disclosure_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vetting_checks_reference_unique" ON "vetting_checks" USING btree ("organisation_id","disclosure_type_id","reference_number");--> statement-breakpoint
CREATE INDEX "vetting_checks_created_by_idx" ON "vetting_checks" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "activities_organisation_starts_idx" ON "activities" USING btree ("organisation_id","starts_at");--> statement-breakpoint
CREATE INDEX "activities_category_idx" ON "activities" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "activities_outcome_idx" ON "activities" USING btree ("outcome_id");--> statement-breakpoint
CREATE INDEX "activities_team_idx" ON "activities" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "activities_created_by_idx" ON "activities" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "activity_categories_organisation_idx" ON "activity_categories" USING btree ("organisation_id","position");--> statement-breakpoint
CREATE INDEX "activity_outcomes_organisation_idx" ON "activity_outcomes" USING btree ("organisation_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_participants_activity_user_unique" ON "activity_participants" USING btree ("activity_id","user_id");--> statement-breakpoint
CREATE INDEX "activity_participants_user_idx" ON "activity_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "activity_participants_organisation_idx" ON "activity_participants" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "hub_document_views_document_idx" ON "hub_document_views" USING btree ("document_id","viewed_at");--> statement-breakpoint
CREATE INDEX "hub_document_views_user_idx" ON "hub_document_views" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "hub_document_views_organisation_idx" ON "hub_document_views" USING btree ("organisation_id","viewed_at");--> statement-breakpoint
CREATE INDEX "hub_documents_organisation_published_idx" ON "hub_documents" USING btree ("organisation_id","published_at");--> statement-breakpoint
CREATE INDEX "hub_documents_team_idx" ON "hub_documents" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "hub_documents_file_idx" ON "hub_documents" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "hub_documents_created_by_idx" ON "hub_documents" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "news_article_reads_article_user_unique" ON "news_article_reads" USING btree ("article_id","user_id");--> statement-breakpoint
CREATE INDEX "news_article_reads_user_idx" ON "news_article_reads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "news_article_reads_organisation_idx" ON "news_article_reads" USING btree ("organisation_id","read_at");--> statement-breakpoint
CREATE INDEX "news_articles_organisation_published_idx" ON "news_articles" USING btree ("organisation_id","published_at");--> statement-breakpoint
CREATE INDEX "news_articles_team_idx" ON "news_articles" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "news_articles_created_by_idx" ON "news_articles" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "exports_organisation_requester_idx" ON "exports" USING btree ("organisation_id","requested_by");--> statement-breakpoint
CREATE INDEX "exports_pending_idx" ON "exports" USING btree ("id") WHERE "exports"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "exports_expires_idx" ON "exports" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "demo_histories_organisation_unique" ON "demo_histories" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_reports_name_unique" ON "saved_reports" USING btree ("organisation_id","route","name");--> statement-breakpoint
CREATE INDEX "saved_reports_route_idx" ON "saved_reports" USING btree ("organisation_id","route","id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_deliveries_delivered_unique" ON "message_deliveries" USING btree ("delivered_record_id");--> statement-breakpoint
CREATE INDEX "message_deliveries_sent_idx" ON "message_deliveries" USING btree ("organisation_id","sent_record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_block_protections_user_unique" ON "user_block_protections" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_block_protections_organisation_idx" ON "user_block_protections" USING btree ("organisation_id");